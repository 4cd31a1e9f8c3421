import PagerCore

/// The `frames` command: every frame of the last page change at 60 Hz, as a sighted user would see
/// it, so a tester can prove what Reduce Motion removes.
enum FramesReport {
    static func make(_ frames: PagerFrames) -> SessionOutput.Info {
        let text =
            frames.table().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            + ["dots: " + frames.dots.timeline.summary]
        return .init(text: text, json: json(frames))
    }

    /// `{"type":"frames","animation":"smooth","duration":0.45,"bounce":0,"fps":60,
    /// "logically_complete_ms":450,"settled_ms":700,"frames":[{"t":0,"position":0.0}]}`, each frame
    /// also carrying the drawn pages.
    static func json(_ frames: PagerFrames) -> JSON {
        .object([
            ("type", .string("frames")),
            ("animation", .string(frames.animationName)),
            ("duration", .points(frames.duration)),
            ("bounce", .points(frames.bounce)),
            ("fps", .int(frames.framesPerSecond)),
            ("logically_complete_ms", .int(frames.logicallyCompleteMilliseconds)),
            ("settled_ms", .int(frames.settledMilliseconds)),
            ("frames", .array(frames.frames.map(json))),
            ("style", .string(frames.style.rawValue)),
            ("from_page", .int(frames.fromIndex + 1)),
            ("to_page", .int(frames.toIndex + 1)),
            ("dots_animation", .string(frames.dots.animationName)),
            ("dots_settled_ms", .int(frames.dots.settledMilliseconds)),
        ])
    }

    static func json(_ frame: PagerFrame) -> JSON {
        let pages: [JSON]
        switch frame.pages {
        case .interactive(let layouts):
            pages = layouts.map { page in
                .object([
                    ("page", .int(page.page + 1)), ("offset_x", .double(page.offsetX)),
                    ("scale", .double(page.scale)), ("brightness", .double(page.brightness)), ("opacity", .double(page.opacity)),
                ])
            }
        case .transition(let drawn):
            pages = drawn.map { page in
                .object([
                    ("page", .int(page.page + 1)), ("role", .string(page.role == .appearing ? "appearing" : "disappearing")),
                    ("offset_x", .double(page.effect.offsetX)), ("offset_y", .double(page.effect.offsetY)),
                    ("scale", .double(page.effect.scale)), ("opacity", .double(page.effect.opacity)),
                    ("brightness", .double(page.effect.brightness)), ("z_index", .int(page.effect.zIndex)),
                ])
            }
        }
        return .object([("t", .points(frame.time)), ("position", .double(frame.position)), ("pages", .array(pages))])
    }
}
