import ArgumentParser
import PagerCore

/// `pagervoice frames [COMMAND…] [--svg FILE]`: the frames of a page change without a session,
/// as a table, JSON, or a picture a designer compares by eye.
struct FramesCommand: PagerVoiceSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Show or draw the frames of a page change (default: next from the first page).",
        discussion: """
            Runs the REPL COMMANDs given, in order, from the starting pager (the pager options), then \
            prints every frame of the last page change at 60 Hz, as the REPL's frames does. --svg FILE \
            also draws position, each page's offset, scale and brightness, and the dots' widths over \
            time into FILE, which must not exist yet. Examples:
              pagervoice frames --svg settle.svg
              pagervoice frames "go 3" --transition parallax-push --json
              pagervoice frames next --reduce-motion --svg step.svg
            """)

    @OptionGroup(title: "Pager options") var pager: PagerOptions

    @Option(help: ArgumentHelp("Also draw the frames as an SVG picture into FILE (a new file).", valueName: "file"), completion: .file())
    var svg: String?

    @Flag(help: "Print the frames as one JSON object (docs/CONTRACT.md) instead of a table.")
    var json = false

    @Argument(help: ArgumentHelp("REPL commands to run first, each one argument (default: next).", valueName: "command"))
    var commands: [String] = []

    func validate() throws {
        if let svg, svg.trimmingSpaces().isEmpty { throw ValidationError("--svg needs a file name") }
    }

    func execute(_ io: ShellIO) -> Int32 {
        guard let start = try? pager.makePager() else { return 2 }
        var session = Session(pager: start)
        let renderer = OutputRenderer(json: json)
        for command in commands.isEmpty ? ["next"] : commands {
            for case .error(let message) in session.handle(command) {
                io.err.writeLine("pagervoice frames: \(command.clipped()): \(message)")
                io.finish(command: "pagervoice frames")
                return 1
            }
        }
        var status: Int32 = 0
        for output in session.run(.frames(svg: nil)) {
            for line in renderer.render(output).stdout { json ? io.out.writeRaw(line) : io.out.writeLines(line) }
        }
        if let svg {
            for case .file(let request) in session.run(.frames(svg: svg)) {
                do {
                    try AtomicFile.write(request.contents, to: request.path, rule: request.rule)
                    io.err.writeLine(request.written.text.joined(separator: " "))
                } catch {
                    io.err.writeLine("pagervoice frames: \(error)")
                    status = 1
                }
            }
        }
        return io.finish(command: "pagervoice frames") ? status : 1
    }
}
