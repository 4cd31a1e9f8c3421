import PagerCore

/// The read–reduce–print–speak loop. On a terminal it is a conversation (prompt, editing, speech
/// interrupted by the next announcement like VoiceOver); from a pipe it is a script: no prompt,
/// each line's speech finishes before the next line runs, errors carry line numbers, and the exit
/// status says whether any line failed.
public final class REPLRunner {
    public private(set) var session: Session
    let renderer: OutputRenderer
    let speaker: Speaker
    let interactive: Bool
    let out: OutputStream
    let err: OutputStream

    public init(
        session: Session, renderer: OutputRenderer, speaker: Speaker, interactive: Bool,
        out: OutputStream = .standardOutput, err: OutputStream = .standardError
    ) {
        self.session = session
        self.renderer = renderer
        self.speaker = speaker
        self.interactive = interactive
        self.out = out
        self.err = err
    }

    /// Runs until end of input or `quit`; returns the exit status (0, or 1 when a scripted line failed).
    public func run<Source: LineSource>(_ source: inout Source) -> Int32 {
        var failed = false
        var lineNumber = 0
        reading: while let result = source.nextLine() {
            lineNumber += 1
            let outputs: [SessionOutput]
            switch result {
            case .line(let text): outputs = session.handle(text)
            case .rejected(let reason): outputs = [.error(reason)]
            }
            var quit = false
            for output in outputs {
                switch output {
                case .error: failed = true
                case .stopSpeech: speaker.stop()
                case .quit: quit = true
                default: break
                }
                let lines = renderer.render(output, lineNumber: interactive ? nil : lineNumber)
                for line in lines.stdout { out.writeLine(line) }
                for line in lines.stderr { err.writeLine(line) }
                if let text = output.spokenText {
                    speaker.speak(text, priority: Self.priority(of: output), language: session.pager.strings.code)
                }
            }
            err.flush()
            if !out.flush() {
                // Nobody reads our output any more (`| head -1`): stop quietly.
                speaker.stop()
                return 0
            }
            if !interactive { speaker.drain() }
            if quit { break reading }
        }
        speaker.drain()
        return failed && !interactive ? 1 : 0
    }

    static func priority(of output: SessionOutput) -> AnnouncementPriority {
        switch output {
        case .announcement(let a): a.priority
        case .speech(let s): s.priority
        default: .default
        }
    }
}
