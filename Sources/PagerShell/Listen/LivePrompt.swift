import CEditLine
import Dispatch
import PagerSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The keyboard of a listening session on a terminal: libedit's prompt, line editing, history and
/// completion, with room for what the voice brings. A phrase heard arrives whenever it is said,
/// perhaps while the person is typing. Its output must not land on the prompt's row, and the
/// prompt must come back after it with whatever was typed so far.
///
/// libedit is not thread-safe, and `readline()` stays inside it for as long as a line is being
/// typed, so no other thread may redraw. libedit's callback interface would avoid that, but in
/// Debian's libedit it writes through a stale pointer once a line passes about a kilobyte (a
/// paste of 10,000 characters corrupted the heap here) and it costs time in the line's length on
/// every key. So `readline()` stays, and its keys are read here (`rl_getc_function`): the
/// keyboard's thread waits in poll(2) for a key or for the session, and when the session has
/// output it steps aside there, inside libedit and on libedit's thread: it clears the prompt,
/// lets the session print, and has libedit draw the prompt and the line again.
///
/// A line typed is finished by the session before the prompt comes back, so a line's output
/// comes before the next prompt, as in a session without listening.
final class LivePrompt: Sendable {
    private struct State {
        /// The prompt is on the screen, or about to be drawn (from `feed` and `lineFinished` on,
        /// so that output in between waits for the key reader rather than racing libedit's
        /// drawing of the prompt), until `readline()` returns.
        var reading = false
        /// Keys read since the prompt was drawn (a line may hold something).
        var keys = 0
        /// The session waits for the prompt to step aside (`aside`).
        var asidePending = false
        var closed = false
        /// A byte read that did not continue the character before it; the next key starts there.
        var pushedBack: UInt8?
        /// The first bytes of a character whose last have not come (a slow link may split it).
        var partial: [UInt8] = []
        /// The prompt drawn: it says when listening is asleep.
        var prompt = LivePrompt.awakePrompt
        /// Where the toggle key is reported (`feed`).
        var queue: InputQueue?
    }

    static let awakePrompt = "pager> "
    static let asleepPrompt = "pager (asleep)> "
    /// Ctrl-T ("talk") toggles listening between asleep and awake; libedit never sees it. Its
    /// own use, swapping two characters, is rarely missed, and no terminal takes it for itself.
    static let toggleKey: UInt8 = 0x14
    /// The key as a line holds it, where no live prompt reads keys (`InputQueue.feed`).
    static let toggleKeyText = String(UnicodeScalar(toggleKey))

    /// The prompt for the next line.
    var prompt: String { state.withLock { $0.prompt } }

    /// Shows listening asleep (or awake) in the prompt, from the next redraw on.
    func showAsleep(_ asleep: Bool) {
        state.withLock { $0.prompt = asleep ? Self.asleepPrompt : Self.awakePrompt }
    }
    private let state = Locked(State())
    private let cleared = DispatchSemaphore(value: 0)
    private let printed = DispatchSemaphore(value: 0)
    private let lineDone = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    /// Wakes the keyboard's thread from poll(2) for the session.
    private let wake: (read: Int32, write: Int32)
    /// Where the prompt is drawn (`Terminal.promptDescriptor`).
    private let terminal: Int32

    /// The one live prompt: libedit's key reader is a C function and carries no context.
    nonisolated(unsafe) private static var current: LivePrompt?

    /// Nil unless standard input is a terminal and the prompt has one to be drawn on (standard
    /// output, or standard error when output is a pipe). Make it before the `EditLineReader`,
    /// which must be given `keyReader`.
    static func make() -> LivePrompt? {
        guard Terminal.stdinIsTTY, let terminal = Terminal.promptDescriptor, current == nil else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let prompt = LivePrompt(wake: (ends[0], ends[1]), terminal: terminal)
        current = prompt
        return prompt
    }

    private init(wake: (read: Int32, write: Int32), terminal: Int32) {
        self.wake = wake
        self.terminal = terminal
    }

    /// What libedit calls for each key while a `LivePrompt` exists.
    static let keyReader: EditLineReader.KeyFunction = { _ in
        LivePrompt.current?.nextKey() ?? -1
    }

    /// Starts the keyboard's thread: each line `reader` reads goes to `queue`, and the next prompt
    /// waits for `lineFinished`. The thread finishes its part of the queue at Ctrl-D, when the
    /// terminal hangs up, or at `close`.
    func feed(_ queue: InputQueue, from reader: EditLineReader) {
        var reader = reader
        reader.currentPrompt = { [self] in prompt }
        let box = UncheckedBox(reader)
        state.withLock {
            $0.reading = true
            $0.queue = queue
        }
        Thread { [self] in
            while beginReading() {
                let line = box.value.nextLine()
                endReading()
                guard let line, !state.withLock({ $0.closed }) else { break }
                queue.push(.line(line))
                lineDone.wait()
            }
            ended.signal()
            queue.push(.keyboardEnded)
            queue.finished()
        }.start()
    }

    /// Runs `body`, which prints output that no line asked for (a phrase heard), with the prompt
    /// out of its way: cleared (or, when something was typed, left above the output) before, and
    /// drawn again with the line being typed after.
    func aside<Result>(_ body: () -> Result) -> Result {
        let waiting = state.withLock { state in
            guard state.reading, !state.closed else { return false }
            state.asidePending = true
            return true
        }
        guard waiting else { return body() }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        cleared.wait()
        defer { printed.signal() }
        return body()
    }

    /// The session has carried out the last line typed: the prompt comes back.
    func lineFinished() {
        state.withLock { $0.reading = true }
        lineDone.signal()
    }

    /// The session is over. A `readline()` still waiting ends (libedit gives the terminal back
    /// the mode it found it in) before this returns, or after a second at most.
    func close() {
        state.withLock { $0.closed = true }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        lineDone.signal()
        _ = ended.wait(timeout: .now() + .seconds(1))
    }

    private func beginReading() -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.keys = 0
            return true
        }
    }

    /// `readline()` has returned, its line ended by a new line (`EditLineReader` writes one
    /// after Ctrl-D too), so a session waiting to print may go ahead, with nothing to clear or
    /// draw again.
    private func endReading() {
        let pending = state.withLock { state in
            state.reading = false
            defer { state.asidePending = false }
            return state.asidePending
        }
        if pending {
            cleared.signal()
            printed.wait()
        }
    }

    /// The next key for libedit (on the keyboard's thread, inside `readline()`): a Unicode
    /// scalar, or -1 at the end of input or once the session is over.
    private func nextKey() -> Int32 {
        if let byte = state.withLock({ state in
            defer { state.pushedBack = nil }
            return state.pushedBack
        }),
            let key = decode(byte)
        {
            return key
        }
        while true {
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            // Ctrl-C silences speech and typing goes on: an interrupted wait just waits again.
            if Interrupted.poll(&descriptors, until: nil) < 0 { return -1 }
            if descriptors[1].revents != 0 {
                var byte: UInt8 = 0
                _ = read(wake.read, &byte, 1)
                let (pending, closed) = state.withLock { state in
                    defer { state.asidePending = false }
                    return (state.asidePending, state.closed)
                }
                if pending { stepAside() }
                if closed { return -1 }
                continue
            }
            if descriptors[0].revents != 0 {
                guard let byte = readByte() else { return -1 }
                if byte == Self.toggleKey, let queue = state.withLock({ $0.partial.isEmpty ? $0.queue : nil }) {
                    queue.push(.toggleListening)
                    continue
                }
                if let key = decode(byte) { return key }
            }
        }
    }

    /// Takes one byte of UTF-8; returns the key once a character is whole, nil while it is not.
    /// A sequence that is not UTF-8 (the standard library's validation decides) is one U+FFFD:
    /// the line then fails as a command, saying so, rather than losing the character unseen. A
    /// byte that cannot continue the character is kept for the next key.
    private func decode(_ byte: UInt8) -> Int32? {
        let replacement: Int32 = 0xFFFD
        return state.withLock { state -> Int32? in
            if !state.partial.isEmpty && byte & 0xC0 != 0x80 {
                state.partial = []
                state.pushedBack = byte
                state.keys += 1
                return replacement
            }
            state.partial.append(byte)
            let length =
                switch state.partial[0] {
                case 0xC0..<0xE0: 2
                case 0xE0..<0xF0: 3
                case 0xF0..<0xF8: 4
                default: 1
                }
            guard state.partial.count >= length else { return nil }
            defer {
                state.partial = []
                state.keys += 1
            }
            return String(validating: state.partial, as: UTF8.self)?.unicodeScalars.first.map { Int32($0.value) } ?? replacement
        }
    }

    private func readByte() -> UInt8? {
        Terminal.readByte(from: STDIN_FILENO)
    }

    /// Inside `readline()`, between keys: out of the session's way, then back.
    private func stepAside() {
        let typed = state.withLock { $0.keys > 0 }
        // An empty prompt is cleared; a line with something typed stays on the screen above the
        // output (the cursor may be anywhere in it, so the output starts on the row after), and
        // is drawn again below.
        let sequence = typed ? "\r\n\u{1B}[J" : "\r\u{1B}[K"
        pagervoice_rl_flush()
        _ = Array(sequence.utf8).withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
        cleared.signal()
        printed.wait()
        pagervoice_rl_set_prompt(prompt)
        pagervoice_rl_redraw()
    }
}
