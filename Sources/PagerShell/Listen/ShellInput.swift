import Dispatch
import PagerListen
import PagerSpeech
import PagerSystem

/// Everything that can arrive at a session: a line typed or piped, or what the voice-command
/// listener heard. One queue serialises both, so a heard "next page" runs exactly as the typed
/// `next` would, through the same session, in the order things arrived.
enum ShellInput: Sendable {
    case line(LineResult)
    case voice(ListenEvent)
    /// The listener is ready: what it listens to ("the default PulseAudio source", a file).
    case listening(String)
    /// The key that toggles listening was pressed on the terminal (`LivePrompt.toggleKey`).
    case toggleListening
    /// The listener could not start (why, in one line): the session goes on by keyboard.
    case listeningOff(String)
    /// A PulseAudio source lost mid-session answers again (`SourceWatch`): listen again.
    case sourceBack
    /// Standard output's reader left while nothing was being printed (`ReaderWatch`): the
    /// session ends quietly, as when a write finds the pipe closed.
    case readerGone
    /// The keyboard (or pipe) has no more lines. On a terminal that is Ctrl-D, which leaves the
    /// session even while it listens to a microphone that never ends; a script's run goes on
    /// until the recording has been heard too.
    case keyboardEnded
}

/// A queue fed by producers on their own threads (the keyboard reader, the listener) and read by
/// the session's loop. `next()` blocks until something arrives, and returns nil once every
/// producer has finished and the queue is empty.
final class InputQueue: Sendable {
    private struct State {
        var items: [ShellInput] = []
        var head = 0
        var producers: Int
    }
    private let state: Locked<State>
    private let available = DispatchSemaphore(value: 0)

    init(producers: Int) {
        state = Locked(State(producers: producers))
    }

    func push(_ input: ShellInput) {
        state.withLock { $0.items.append(input) }
        available.signal()
    }

    /// Puts `input` before anything already queued (the listener may report before the session
    /// announces that it listens).
    func pushFirst(_ input: ShellInput) {
        state.withLock { state in state.items.insert(input, at: state.head) }
        available.signal()
    }

    /// One more producer: a listener started again (Ctrl-T) after the last one finished.
    func producerStarted() {
        state.withLock { $0.producers += 1 }
    }

    /// One producer has nothing more to give.
    func finished() {
        state.withLock { $0.producers -= 1 }
        available.signal()
    }

    func next() -> ShellInput? {
        while true {
            let taken = state.withLock { state -> (ShellInput?, Bool) in
                if state.head < state.items.count {
                    let item = state.items[state.head]
                    state.head += 1
                    if state.head > 64 && state.head * 2 > state.items.count {
                        state.items.removeFirst(state.head)
                        state.head = 0
                    }
                    return (item, false)
                }
                return (nil, state.producers <= 0)
            }
            if let item = taken.0 { return item }
            if taken.1 { return nil }
            available.wait()
        }
    }

    /// Runs `source` on a thread of its own, pushing each line. With `toggleKeyLines`, a line
    /// that is the toggle key alone (Ctrl-T, then Enter) toggles listening: at a terminal whose
    /// output and errors both go elsewhere (`pagervoice --json --listen 2>log | jq`) no live
    /// prompt reads keys, the line is read whole, and the key arrived as a command no one could
    /// see ("unknown command").
    func feed(from source: any LineSource, toggleKeyLines: Bool = false) {
        let box = UncheckedBox(source)
        let thread = Thread { [self] in
            while let line = box.value.nextLine() {
                if toggleKeyLines, case .line(let text) = line, text.trimmingSpaces() == LivePrompt.toggleKeyText {
                    push(.toggleListening)
                } else {
                    push(.line(line))
                }
            }
            push(.keyboardEnded)
            finished()
        }
        thread.start()
    }
}

/// A line source handed to the one thread that reads it (libedit and the terminal readers are
/// not `Sendable`, but only that thread ever touches them).
final class UncheckedBox: @unchecked Sendable {
    var value: any LineSource
    init(_ value: any LineSource) { self.value = value }
}
