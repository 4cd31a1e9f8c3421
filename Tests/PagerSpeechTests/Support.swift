import Dispatch
import Foundation
import PagerSpeech
import PagerSystem
import PagerTestSupport

/// The fixture's child process (output to files), not PagerSystem's of the same name.

/// Collects what an announcer reports, and lets a test wait for it.
final class Recorder: Sendable {
    private let state = Locked<(events: [UtteranceEvent], notices: [String])>(([], []))

    var events: [UtteranceEvent] { state.withLock { $0.events } }
    var notices: [String] { state.withLock { $0.notices } }

    var onEvent: @Sendable (UtteranceEvent) -> Void {
        { [self] event in state.withLock { $0.events.append(event) } }
    }

    var onNotice: @Sendable (String) -> Void {
        { [self] line in state.withLock { $0.notices.append(line) } }
    }

    func event(for id: UtteranceID) -> UtteranceEvent? {
        events.first { $0.id == id }
    }
}

/// A sink that behaves like a device whose buffer is full: while holding, each `write` blocks
/// until the test releases it or speech is interrupted (a device flush empties the buffer and
/// lets the writer go). It lets priority tests keep an utterance "speaking" for exactly as long
/// as they need, with real eSpeak synthesis behind it.
final class HoldingSink: AudioSink {
    private struct State {
        var holding = true
        var blocked: [DispatchSemaphore] = []
        var begun: [UtteranceID] = []
        var samples: [UtteranceID: Int] = [:]
        var current: UtteranceID?
    }

    private let state = Locked(State())
    private let entered = DispatchSemaphore(value: 0)

    var begun: [UtteranceID] { state.withLock { $0.begun } }

    func samples(for id: UtteranceID) -> Int { state.withLock { $0.samples[id] ?? 0 } }

    /// Waits until some write is blocked (an utterance is "speaking"); false on timeout.
    func waitUntilBlocked(timeout: Double = 30) -> Bool {
        entered.wait(timeout: .now() + timeout) == .success
    }

    /// Lets every write through from now on.
    func releaseAll() {
        let blocked = state.withLock { state -> [DispatchSemaphore] in
            state.holding = false
            defer { state.blocked.removeAll() }
            return state.blocked
        }
        blocked.forEach { $0.signal() }
    }

    func begin(_ utterance: UtteranceInfo) {
        state.withLock { state in
            state.begun.append(utterance.id)
            state.current = utterance.id
        }
    }

    func write(_ samples: UnsafeBufferPointer<Int16>) {
        let wait = state.withLock { state -> DispatchSemaphore? in
            if let current = state.current { state.samples[current, default: 0] += samples.count }
            guard state.holding else { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            state.blocked.append(semaphore)
            return semaphore
        }
        if let wait {
            entered.signal()
            wait.wait()
        }
    }

    func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport {
        state.withLock { $0.current = nil }
        return .ok
    }

    func flush() {
        let blocked = state.withLock { state -> [DispatchSemaphore] in
            defer { state.blocked.removeAll() }
            return state.blocked
        }
        blocked.forEach { $0.signal() }
    }
}

/// Runs one test of this bundle in a child process (eSpeak NG initialises once per process, and
/// libpulse reads its server from the process environment). The child sees `CHILD_VARIABLE`
/// and plays the child's part of the same test.
enum ChildTest {
    static let variable = "PAGERSPEECH_TEST_CHILD"

    static var isChild: Bool { ProcessInfo.processInfo.environment[variable] != nil }

    static func start(
        _ testName: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        adding extra: [String: String] = [:]
    ) throws -> LoggedChildProcess {
        var environment = environment
        for (key, value) in extra { environment[key] = value }
        environment[variable] = "1"
        return try LoggedChildProcess(
            executable: LoggedChildProcess.currentExecutable,
            arguments: ["--testing-library", "swift-testing", "--filter", testName],
            environment: environment)
    }

    /// Prints a line the parent looks for, unbuffered.
    static func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// A few minutes of prose: long enough that interrupting it always lands mid-synthesis.
let longText = String(repeating: "The quick brown fox jumps over the lazy dog, and then it runs away across the field. ", count: 40)

func makeTemporaryDirectory() -> String {
    // A test machine that cannot make a folder in /tmp cannot run these tests.
    try! TemporaryDirectory.create(prefix: "pv-speech-test")
}
