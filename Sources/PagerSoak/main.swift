import Dispatch
import Foundation
import PagerCore
import PagerShell
import PagerTestSupport

// `make soak` / `pagervoice-soak [--lines N] [--seed S] [--audio MODE] [--executable PATH]`
//
// Pipes N random lines (valid and invalid), each followed by `status`, through the release
// `pagervoice --audio null --json`, and checks while it runs:
// - no crash: the exit status is 0 or 1 (1 exactly when some line was refused), never a signal;
// - every line answered, in order: exactly one `status` event per pair, and everything between two
//   of them is what the same commands produce in a `Session` here (the model and renderer, run as
//   an oracle), byte for byte — settings lines that print nothing print nothing;
// - the index always valid: every `status` and `announcement` has 1 ≤ page ≤ count, or page 0
//   with count 0; every stdout line is one JSON object;
// - memory bounded: VmRSS sampled as it runs, VmHWM at the end.

struct Options {
    var lines = 100_000
    var seed = UInt64.random(in: 1...UInt64(UInt32.max))
    var audio = "null"
    var executable = PipedChild.sibling("pagervoice")
    /// Peak resident memory above this fails the run (MiB).
    var memoryLimit = 256

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { Self.usage("\(flag) needs a value") }
            switch flag {
            case "--lines": lines = Self.number(value, flag)
            case "--seed": seed = UInt64(Self.number(value, flag))
            case "--audio": audio = value
            case "--executable": executable = value
            case "--memory-limit-mib": memoryLimit = Self.number(value, flag)
            default: Self.usage("unknown option \(flag)")
            }
        }
    }

    static func number(_ text: String, _ flag: String) -> Int {
        guard let value = Int(text), value > 0 else { usage("\(flag) takes a positive number") }
        return value
    }

    static func usage(_ problem: String) -> Never {
        FileHandle.standardError.write(
            Data(
                "pagervoice-soak: \(problem)\nusage: pagervoice-soak [--lines N] [--seed S] [--audio null|off] [--executable PATH] [--memory-limit-mib M]\n"
                    .utf8))
        exit(2)
    }
}

/// What the child must print for one line of input, decided by the oracle.
enum Expected {
    /// These exact stdout lines.
    case exactly([String])
    /// One error event for this input line (the line reader refused it: too long, not UTF-8).
    case rejected(line: Int)
    /// The `status` that closes a pair: counted, and compared like `exactly`.
    case status(pair: Int, line: String)
    /// `voices`: the list comes from eSpeak NG, so only its type is compared.
    case voices
}

/// The checker, fed from the reader thread: compares each stdout line with what was expected.
final class Checker: @unchecked Sendable {
    /// Guards everything below; signalled when a status event arrives.
    private let condition = NSCondition()
    private var expected: [[Expected]] = []  // per input line, in order
    private var pending: [Expected] = []  // the current input line's remaining expectations
    private var statusCount = 0
    private var lineCount = 0
    private var failureList: [String] = []
    private var failureTotal = 0

    var statusEvents: Int { condition.withLock { statusCount } }
    var outputLines: Int { condition.withLock { lineCount } }
    var failures: [String] { condition.withLock { failureList } }
    var failureCount: Int { condition.withLock { failureTotal } }
    var unanswered: Int { condition.withLock { expected.count + (pending.isEmpty ? 0 : 1) } }

    func expect(_ outputs: [Expected]) {
        condition.withLock { expected.append(outputs) }
    }

    /// Blocks until `count` status events have arrived; false at the deadline.
    func waitForStatus(_ count: Int, timeout: Double = 300) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while statusCount < count {
            if !condition.wait(until: deadline) { return statusCount >= count }
        }
        return true
    }

    func fail(_ message: String) {
        condition.withLock { record(message) }
    }

    func receive(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self)
        let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
        condition.lock()
        defer { condition.unlock() }
        lineCount += 1
        while pending.isEmpty && !expected.isEmpty { pending = expected.removeFirst() }
        guard !pending.isEmpty else {
            record("unexpected output with nothing left to answer: \(line.prefix(200))")
            return
        }
        let next = pending.removeFirst()
        guard let object, let type = object["type"] as? String else {
            record("stdout line is not one JSON object: \(line.prefix(200))")
            return
        }
        if type == "status" || type == "announcement" {
            let page = object["page"] as? Int ?? -1
            let count = object["count"] as? Int ?? -1
            if !(count > 0 ? (1...count).contains(page) : (page == 0 && count == 0)) {
                record("invalid page \(page) of \(count) in \(type)")
            }
        }
        switch next {
        case .exactly(let lines):
            if line != lines.first {
                record("expected \(lines.first?.prefix(200) ?? "nothing")\n      got \(line.prefix(200))")
            }
            if lines.count > 1 { pending.insert(.exactly(Array(lines.dropFirst())), at: 0) }
        case .rejected(let number):
            if type != "error" || object["line"] as? Int != number {
                record("expected the line reader's error for line \(number), got \(line.prefix(200))")
            }
        case .voices:
            if type != "voices" { record("expected voices, got \(line.prefix(200))") }
        case .status(let pair, let expectedLine):
            if type != "status" {
                record("pair \(pair): expected its status, got \(line.prefix(200))")
            } else {
                if line != expectedLine {
                    record(
                        "pair \(pair): status differs from the model's\n      expected \(expectedLine.prefix(200))\n      got \(line.prefix(200))"
                    )
                }
                statusCount += 1
                condition.broadcast()
            }
        }
    }

    /// The first line seen, for the probe run.
    private var first: String?
    var kept: String { condition.withLock { first ?? "" } }

    func keep(_ bytes: UnsafeRawBufferPointer) {
        condition.withLock { first = first ?? String(decoding: bytes, as: UTF8.self) }
    }

    /// Called with the lock held.
    private func record(_ message: String) {
        failureTotal += 1
        if failureList.count < 12 { failureList.append("after \(statusCount) pairs: \(message)") }
    }
}

/// The same line through the model and the renderer, as `REPLRunner` does it.
struct Oracle {
    var session: Session
    let renderer = OutputRenderer(json: true)
    var failed = false

    mutating func outputs(for bytes: [UInt8], lineNumber: Int) -> [Expected] {
        var bytes = bytes[...]
        if bytes.last == 13 { bytes = bytes.dropLast() }  // the line reader drops a CR before LF
        guard bytes.count <= CommandParser.maximumLineLength, let text = String(validating: bytes, as: UTF8.self) else {
            failed = true
            return [.rejected(line: lineNumber)]
        }
        var expected: [Expected] = []
        for output in session.handle(text) {
            if case .error = output { failed = true }
            if case .info(let info) = output, case .object(let members) = info.json,
                members.first?.1 == .string("voices")
            {
                expected.append(.voices)
                continue
            }
            let lines = renderer.render(output, lineNumber: lineNumber).stdout
            if !lines.isEmpty { expected.append(.exactly(lines)) }
        }
        return expected
    }
}

/// One soak run; the exit status.
func soak(_ options: Options) -> Int32 {
    print("soak: \(options.lines) random lines, each followed by `status`, through")
    print("      \(options.executable) --audio \(options.audio) --json   (seed \(options.seed))")
    let clock = ContinuousClock()
    let started = clock.now

    // The first status tells the oracle what the child says about its speech (voice, rate, audio).
    let probe = Checker()
    guard
        let first = try? PipedChild(
            executable: options.executable, arguments: ["--audio", options.audio, "--json"],
            environment: ProcessInfo.processInfo.environment, onLine: { probe.keep($0) })
    else {
        print("soak: cannot start \(options.executable)")
        return 1
    }
    first.send(lines: ["status"])
    _ = first.finish(timeout: .seconds(60))
    let statusObject = (try? JSONSerialization.jsonObject(with: Data(probe.kept.utf8))) as? [String: Any]
    let speechSummary = statusObject?["speech"] as? String ?? ""

    let checker = Checker()
    var oracle = Oracle(session: Session(speechDescription: speechSummary))
    let child: PipedChild
    do {
        child = try PipedChild(
            executable: options.executable, arguments: ["--audio", options.audio, "--json"],
            environment: ProcessInfo.processInfo.environment
        ) { checker.receive($0) }
    } catch {
        print("soak: cannot start \(options.executable): \(error)")
        return 1
    }

    var generator = RandomLines(seed: options.seed)
    var samples: [(lines: Int, kib: Int)] = []
    var lineNumber = 0
    var bytesSent = 0
    var batch: [UInt8] = []
    let sampleEvery = max(options.lines / 20, 1)
    for pair in 1...max(options.lines, 1) {
        let line = generator.next()
        lineNumber += 1
        checker.expect(oracle.outputs(for: line, lineNumber: lineNumber))
        lineNumber += 1
        checker.expect(
            oracle.outputs(for: Array("status".utf8), lineNumber: lineNumber).map { expected in
                if case .exactly(let lines) = expected, lines.count == 1 { return .status(pair: pair, line: lines[0]) }
                return expected
            })
        batch += line
        batch.append(10)
        batch += Array("status\n".utf8)
        // Memory is sampled after 1,000 pairs (the baseline) and every twentieth of the run.
        let checkpoint = pair % sampleEvery == 0 || pair == 1000
        if batch.count > 32_768 || checkpoint || pair == options.lines {
            bytesSent += batch.count
            guard child.send(batch) else {
                checker.fail("pagervoice stopped reading its input after \(pair) pairs")
                break
            }
            batch.removeAll(keepingCapacity: true)
        }
        if checkpoint {
            // Measured once the child has answered everything so far, so the figure is its state
            // after exactly this many lines.
            guard checker.waitForStatus(pair) else {
                checker.fail("no answer to pair \(pair) within the deadline")
                break
            }
            if let memory = child.memory { samples.append((pair, memory.current)) }
        }
    }
    let caughtUp = checker.waitForStatus(options.lines)
    let final = child.memory
    let status = child.finish(timeout: .seconds(300))
    let elapsed = clock.now - started

    // Report.
    let stderrLines = child.errorOutput.split(separator: "\n")
    var noticeKinds: [String: Int] = [:]
    for line in stderrLines {
        let kind =
            line.hasPrefix("pagervoice: Text of ")
            ? "pagervoice: Text of N characters is too long to speak; …"
            : String(line.prefix(60))
        noticeKinds[kind, default: 0] += 1
    }
    let unexpectedStderr = stderrLines.filter { !$0.hasPrefix("pagervoice: ") }
    if !caughtUp { checker.fail("timed out waiting for pagervoice to answer (\(checker.statusEvents) of \(options.lines) pairs)") }
    if checker.unanswered > 0 { checker.fail("\(checker.unanswered) input lines never answered") }
    let expectedStatus: Int32 = oracle.failed ? 1 : 0
    if status != expectedStatus {
        checker.fail(
            "exit status \(status.map(String.init) ?? "none (hung, killed)"), expected \(expectedStatus)"
                + (status.map { $0 > 128 ? " — killed by signal \($0 - 128)" : "" } ?? ""))
    }
    if !unexpectedStderr.isEmpty { checker.fail("unexpected stderr: \(unexpectedStderr.prefix(3).joined(separator: " | "))") }
    let peak = final?.peak ?? samples.map(\.kib).max() ?? 0
    if peak > options.memoryLimit * 1024 { checker.fail("peak memory \(peak / 1024) MiB over the limit of \(options.memoryLimit) MiB") }

    func mib(_ kib: Int) -> String { String(format: "%.1f MiB", Double(kib) / 1024) }
    print("")
    print("soak summary")
    print("  lines sent               \(lineNumber) (\(options.lines) random + \(options.lines) status), \(bytesSent / 1024) KiB")
    print("  stdout lines checked     \(checker.outputLines) (every one a JSON object, compared with the model's own rendering)")
    print("  status events            \(checker.statusEvents) of \(options.lines) pairs")
    print(
        "  exit status              \(status.map(String.init) ?? "none") (expected \(expectedStatus): \(oracle.failed ? "some lines were refused" : "no line failed"))"
    )
    print("  stderr                   \(stderrLines.count) lines" + (noticeKinds.isEmpty ? "" : ":"))
    for (kind, count) in noticeKinds.sorted(by: { $0.value > $1.value }).prefix(6) { print("    \(count)× \(kind)") }
    if let first = samples.first, let last = samples.last {
        print("  VmRSS                    \(mib(first.kib)) after \(first.lines) pairs, \(mib(last.kib)) after \(last.lines) pairs")
        print("  VmRSS samples (MiB)      " + samples.map { String(format: "%.1f", Double($0.kib) / 1024) }.joined(separator: " "))
    }
    print("  VmHWM (peak)             \(mib(peak)) (limit \(options.memoryLimit) MiB)")
    print(
        "  time                     \(String(format: "%.1f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)) s"
    )
    if checker.failureCount == 0 {
        print("  result                   PASS: no crash, every line answered in order, index always valid, memory bounded")
        return 0
    }
    print("  result                   FAIL: \(checker.failureCount) problems (seed \(options.seed)); the first:")
    for failure in checker.failures { print("    - \(failure)") }
    return 1
}

exit(soak(Options(Array(CommandLine.arguments.dropFirst()))))
