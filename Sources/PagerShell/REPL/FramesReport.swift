import PagerCore

enum FramesReport {
    static func make(_ settle: Settle, pager: Pager) -> SessionOutput.Info {
        .init(text: [], json: .null)
    }
}
