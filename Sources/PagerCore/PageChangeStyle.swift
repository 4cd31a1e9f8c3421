/// How a page change looks: the three SwiftUI components PagerVoice models.
public enum PageChangeStyle: String, Sendable, CaseIterable {
    /// The interactive pager: the page follows the finger, then settles with `smooth(duration: 0.45)`.
    case interactive
    /// The parallax push transition: the incoming page slides over the outgoing one, driven by `smooth(duration: 0.7)`.
    case parallaxPush = "parallax-push"
    /// The slide-scale transition: slide plus scale, driven by `smooth(duration: 0.55)`.
    case slideScale = "slide-scale"

    /// Duration of the `smooth` spring that drives a page change in this style, as in the components'
    /// demos. A `smooth` spring is logically complete at its duration.
    public var smoothDuration: Double {
        switch self {
        case .interactive: 0.45
        case .parallaxPush: 0.7
        case .slideScale: 0.55
        }
    }

    /// The spring that drives a page change in this style: `smooth(duration: smoothDuration)`.
    public var animation: SpringAnimation { .smooth(duration: smoothDuration) }
}
