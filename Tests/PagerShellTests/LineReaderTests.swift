import Testing

@testable import PagerShell

#if canImport(Glibc)
    import Glibc
#endif

/// Reads real bytes through a real pipe, the way a script reaches the REPL.
@Suite struct LineReaderTests {
    func lines(from bytes: [UInt8], limit: Int = 64) -> [LineResult] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writer = fds[1]
        let data = bytes
        let thread = Thread {
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(writer, raw.baseAddress! + offset, raw.count - offset)
                    if n <= 0 { break }
                    offset += n
                }
            }
            close(writer)
        }
        thread.start()
        var reader = FileLineReader(fd: fds[0], maximumLength: limit)
        var results: [LineResult] = []
        while let line = reader.nextLine() { results.append(line) }
        close(fds[0])
        return results
    }

    @Test func splitsLinesAndStripsCarriageReturns() {
        #expect(lines(from: Array("next\r\nprev\n\nlast".utf8)) == [.line("next"), .line("prev"), .line(""), .line("last")])
        #expect(lines(from: []) == [])
        #expect(lines(from: Array("one\n".utf8)) == [.line("one")])
    }

    @Test func refusesInvalidUTF8AndKeepsGoing() {
        let bytes: [UInt8] = Array("next\n".utf8) + [0x66, 0xFF, 0xFE, 10] + Array("prev\n".utf8)
        #expect(lines(from: bytes) == [.line("next"), .rejected("line is not valid UTF-8, so it was ignored"), .line("prev")])
    }

    @Test func refusesOverlongLinesWithoutBufferingThem() {
        let huge = [UInt8](repeating: 0x61, count: 1_048_576)
        let results = lines(from: huge + [10] + Array("next\n".utf8), limit: 65_536)
        #expect(results == [.rejected("line is 1048576 bytes long; the limit is 65536, so it was ignored"), .line("next")])
    }

    /// The CR of a CRLF is not part of the line, wherever it falls against the limit: a line of
    /// exactly the limit plus its CR is accepted, and an over-long line's length leaves out its
    /// CR, also when the CR is the first byte past the limit or the line's only byte kept past it.
    @Test func carriageReturnsNeverCountTowardsTheLimit() {
        let b = UInt8(ascii: "b")
        #expect(
            lines(from: [UInt8](repeating: b, count: 64) + [13, 10], limit: 64)
                == [.line(String(repeating: "b", count: 64))])
        #expect(
            lines(from: [UInt8](repeating: b, count: 65) + [13, 10], limit: 64)
                == [.rejected("line is 65 bytes long; the limit is 64, so it was ignored")])
        #expect(
            lines(from: [UInt8](repeating: b, count: 200) + [13, 10], limit: 64)
                == [.rejected("line is 200 bytes long; the limit is 64, so it was ignored")])
        // A CR inside the line is not a line ending, and counts like any byte.
        #expect(
            lines(from: [UInt8](repeating: b, count: 64) + [13] + [UInt8](repeating: b, count: 10) + [10], limit: 64)
                == [.rejected("line is 75 bytes long; the limit is 64, so it was ignored")])
    }

    @Test func exactlyAtTheLimitIsAccepted() {
        let results = lines(from: [UInt8](repeating: 0x62, count: 64) + [10], limit: 64)
        #expect(results == [.line(String(repeating: "b", count: 64))])
    }
}
