/// A finger on the pager, from touch-down to lift.
///
/// SwiftUI's `DragGesture(minimumDistance: 10)` ignores the finger until it has travelled 10 pt,
/// then reports the whole translation from the touch-down point. `isActive` records whether that
/// threshold was crossed: a finger that never crossed it is a tap and changes nothing on release.
public struct Drag: Sendable, Equatable {
    /// Translation in screen points since touch-down (positive = rightwards on screen).
    public var screenTranslation: Double
    /// Vertical translation in screen points: it moves nothing, but counts towards the distance
    /// that starts the gesture.
    public var verticalTranslation: Double
    /// True once the finger has moved at least the minimum distance.
    public var isActive: Bool

    public init(screenTranslation: Double = 0, verticalTranslation: Double = 0, isActive: Bool = false) {
        self.screenTranslation = screenTranslation
        self.verticalTranslation = verticalTranslation
        self.isActive = isActive
    }

    /// The translation the pager follows, in layout direction; zero until the gesture began.
    public func layoutTranslation(_ direction: LayoutDirection) -> Double {
        isActive ? screenTranslation * direction.forward : 0
    }

    /// Moves the finger; the gesture begins once it is far enough from where it touched down, in
    /// two dimensions, as `DragGesture(minimumDistance: 10)` measures: (6, 8) is 10 pt away.
    mutating func move(to translation: Double, vertical: Double = 0) {
        screenTranslation = translation
        verticalTranslation = vertical
        let distance = (translation * translation + vertical * vertical).squareRoot()
        if distance >= InteractivePagerMath.minimumDragDistance { isActive = true }
    }
}
