import PagerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A source of input lines: a pipe or file read in chunks, or a terminal through libedit.
public protocol LineSource {
    /// The next line without its newline, an error for a line that cannot be used, or nil at end.
    mutating func nextLine() -> LineResult?
}

public enum LineResult: Equatable, Sendable {
    case line(String)
    /// The line was read but refused (invalid UTF-8, too long); carries the reason.
    case rejected(String)
}

/// Reads lines from a file descriptor, byte by byte in 64 KiB chunks. Never holds more than one
/// line's limit in memory, so a 1 GB line is refused, not buffered; invalid UTF-8 is refused, not
/// repaired, so a garbled command is never half-obeyed.
public struct FileLineReader: LineSource {
    public let fd: Int32
    public let maximumLength: Int
    private var buffer: [UInt8] = []
    private var chunk: [UInt8]
    private var chunkStart = 0
    private var chunkEnd = 0
    private var atEnd = false
    /// The line's last byte so far, kept even when the bytes around it were over the limit.
    private var lastByte: UInt8?

    public init(fd: Int32 = STDIN_FILENO, maximumLength: Int = CommandParser.maximumLineLength) {
        self.fd = fd
        self.maximumLength = maximumLength
        self.chunk = [UInt8](repeating: 0, count: 65_536)
    }

    public mutating func nextLine() -> LineResult? {
        buffer.removeAll(keepingCapacity: true)
        lastByte = nil
        var overflow = 0
        while true {
            if chunkStart == chunkEnd {
                if atEnd { break }
                let n = Interrupted.retry { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
                if n <= 0 {
                    atEnd = true
                    break
                }
                chunkStart = 0
                chunkEnd = n
            }
            if let newline = chunk[chunkStart..<chunkEnd].firstIndex(of: 10) {
                append(chunk[chunkStart..<newline], overflow: &overflow)
                chunkStart = newline + 1
                return finish(overflow: overflow)
            }
            append(chunk[chunkStart..<chunkEnd], overflow: &overflow)
            chunkStart = chunkEnd
        }
        if buffer.isEmpty && overflow == 0 { return nil }
        return finish(overflow: overflow)
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>, overflow: inout Int) {
        if let last = bytes.last { lastByte = last }
        let room = max(0, maximumLength + 1 - buffer.count)
        if bytes.count <= room {
            buffer.append(contentsOf: bytes)
        } else {
            buffer.append(contentsOf: bytes.prefix(room))
            overflow += bytes.count - room
        }
    }

    private func finish(overflow: Int) -> LineResult {
        // CRLF from Windows editors: the CR is not part of the line. It is the line's own last
        // byte that counts, which an over-long line no longer has in the buffer.
        let carriageReturn = lastByte == 13 ? 1 : 0
        var bytes = buffer[...]
        if overflow == 0 { bytes = bytes.dropLast(carriageReturn) }
        let length = overflow == 0 ? bytes.count : bytes.count + overflow - carriageReturn
        if length > maximumLength {
            return .rejected("line is \(length) bytes long; the limit is \(maximumLength), so it was ignored")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .rejected("line is not valid UTF-8, so it was ignored")
        }
        return .line(text)
    }
}
