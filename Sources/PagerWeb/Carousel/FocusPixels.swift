import PagerAudit

/// A control's focus indicator, from two pictures of the same clip: without focus and with it.
/// A pixel that changed by more than a step of rounding (`DotContrast.close`) is part of it; the
/// strongest change is the contrast between one pixel's two colours, so a ring of #005FCC
/// drawn on white reads about 6:1 and a shade darker reads barely above 1:1.
enum FocusPixels {
    static func compare(mark: String, before: RGBAImage, after: RGBAImage) -> FocusIndicator {
        var changed = 0
        var strongest = 1.0
        for y in 0..<min(before.height, after.height) {
            for x in 0..<min(before.width, after.width) {
                guard let old = before[x, y], let new = after[x, y], !DotContrast.close(old, new) else { continue }
                changed += 1
                strongest = max(strongest, DotContrast.color(old).contrastRatio(with: DotContrast.color(new)))
            }
        }
        return FocusIndicator(mark: mark, changed: changed, strongest: strongest)
    }
}
