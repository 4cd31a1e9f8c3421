/// One page as drawn while a transition (parallax push or slide scale) changes the page.
public struct TransitionedPage: Sendable, Equatable {
    /// 0-based page index.
    public var page: Int
    /// The incoming page appears, the outgoing one disappears.
    public var role: TransitionRole
    /// Its look on this frame (offsets in layout coordinates).
    public var effect: TransitionEffect
    /// `effect.offsetX` on screen: mirrored in right-to-left layouts.
    public var screenOffsetX: Double
    /// Only the incoming page, the new current one, takes touches…
    public var isHitTestable: Bool
    /// …and is visible to assistive technology: VoiceOver never reads the page that is leaving.
    public var isAccessibilityHidden: Bool
}

/// What is on screen at one moment of a page change.
public struct PagerFrame: Sendable, Equatable {
    /// How the pages are drawn, which depends on the pager's page-change style.
    public enum Pages: Sendable, Equatable {
        /// The interactive pager: the current page and its neighbours side by side at `position`.
        case interactive([PageLayout])
        /// The parallax push and slide-scale transitions: the outgoing and the incoming page under a transition, in drawing
        /// order (lower zIndex first).
        case transition([TransitionedPage])
    }

    /// Seconds since the change began.
    public var time: Double
    /// The driving animation's progress: 0 at the start, 1 at the target, beyond while overshooting.
    public var progress: Double
    /// The displayed position in pages, animating from where the change began to the target.
    /// Under a transition style this is what a `position`-bound view would show; the pages
    /// themselves are drawn by `pages`.
    public var position: Double
    public var pages: Pages
}

/// Every frame a sighted user sees while the pager settles after a page change or a release, and
/// the page dots animating alongside.
///
/// This is the data behind the `frames` command and its JSON
/// (`{"type":"frames","animation":"smooth","duration":0.45,"bounce":0,"fps":60,
/// "logically_complete_ms":450,"settled_ms":700,"frames":[{"t":0,"position":0.0}]}`): a tester can
/// read exactly what moves, and an auditor can prove that Reduce Motion removes motion (the
/// interactive pager gives one frame at the target; transitions only fade).
public struct PagerFrames: Sendable, Equatable {
    public let style: PageChangeStyle
    public let timeline: Timeline
    /// Where the displayed position starts (where the finger left it, or the old page).
    public let fromPosition: Double
    /// Where it comes to rest.
    public let targetPosition: Double
    public let fromIndex: Int
    public let toIndex: Int
    /// Sampled frames from t = 0 through the settled time; the last is within the settling
    /// tolerance of the target, not necessarily on it.
    public let frames: [PagerFrame]
    /// The state once the timeline is over: exactly the target (the outgoing page of a transition
    /// has been removed).
    public let rest: PagerFrame
    /// The page dots over the same change, with their own animation.
    public let dots: DotsFrames

    /// `"animation"`: none, smooth, snappy, bouncy or spring.
    public var animationName: String { timeline.animation.name }
    /// `"duration"` in seconds (0 when nothing animates).
    public var duration: Double { timeline.animation.duration }
    /// `"bounce"`.
    public var bounce: Double { timeline.animation.bounce }
    /// `"fps"`.
    public var framesPerSecond: Int { timeline.framesPerSecond }
    /// `"logically_complete_ms"`.
    public var logicallyCompleteMilliseconds: Int { timeline.logicallyCompleteMilliseconds }
    /// `"settled_ms"` (0 when nothing animates).
    public var settledMilliseconds: Int { timeline.settledMilliseconds }
}

extension Pager {
    /// The animation that drives `settle` in this pager.
    ///
    /// The interactive pager settles with `smooth(duration: 0.45)`, and not at all under Reduce
    /// Motion or while a finger holds the pages (`settle.isAnimated`). A transition style is
    /// driven by its demo's `smooth` spring (0.7 s parallax push, 0.55 s slide scale) even under
    /// Reduce Motion, because there the transition still crossfades; only a finger holding the
    /// pages stops it. Every settle starts from rest (see `Settle`).
    public func animation(for settle: Settle) -> MotionAnimation {
        let animates = settle.style == .interactive ? settle.isAnimated : (settle.isAnimated || (reduceMotion && layoutTranslation == 0))
        return animates ? .spring(settle.style.animation) : .none
    }

    /// Where the displayed position rests after `settle`: the target page, or, while a finger is
    /// still down on it, wherever the finger holds it.
    public func targetPosition(for settle: Settle) -> Double {
        drag != nil && index == settle.toIndex ? position : Double(settle.toIndex)
    }

    /// The frames of `settle`. Pass the pager the reduction that emitted `settle` left behind:
    /// its width, direction, Reduce Motion setting and page list are what the frames are drawn with.
    public func frames(for settle: Settle, framesPerSecond: Int = Timeline.defaultFramesPerSecond) -> PagerFrames {
        let timeline = Timeline(animation(for: settle), framesPerSecond: framesPerSecond)
        let from = settle.fromPosition
        let target = targetPosition(for: settle)
        let frame = frameBuilder(for: settle, from: from, target: target)
        let frames: [PagerFrame]
        if case .none = timeline.animation {
            // Nothing animates: the one frame is the end state (a transition's outgoing page is
            // already gone).
            frames = [frame(0, 1, true)]
        } else {
            frames = timeline.map { time, progress in frame(time, progress, false) }
        }
        let previousDots = PageDots(style: dotsStyle, count: count, current: settle.fromIndex, textSize: textSize)
        return PagerFrames(
            style: settle.style, timeline: timeline, fromPosition: from, targetPosition: target,
            fromIndex: settle.fromIndex, toIndex: settle.toIndex, frames: frames,
            rest: frame(timeline.settledTime, timeline.finalProgress, true),
            dots: previousDots.frames(to: dots, reduceMotion: reduceMotion, framesPerSecond: framesPerSecond)
        )
    }

    /// What is drawn at `progress` of `settle`'s animation (0 the start, 1 the end, beyond 1 while
    /// a bouncy spring overshoots), whatever the frame rate: any instant of the change.
    public func frame(for settle: Settle, progress: Double) -> PagerFrame {
        frameBuilder(for: settle, from: settle.fromPosition, target: targetPosition(for: settle))(0, progress, false)
    }

    /// The pager at rest, as one frame: what `frames` shows before any page change.
    public func restingFrames(framesPerSecond: Int = Timeline.defaultFramesPerSecond) -> PagerFrames {
        let settle = Settle(fromPosition: position, fromIndex: index, toIndex: index, style: .interactive, isAnimated: false)
        return frames(for: settle, framesPerSecond: framesPerSecond)
    }

    /// A function from (time, progress, isRest) to the frame, with everything that does not depend
    /// on time worked out once.
    private func frameBuilder(for settle: Settle, from: Double, target: Double) -> (Double, Double, Bool) -> PagerFrame {
        let pager = self
        switch settle.style {
        case .interactive:
            // SwiftUI animates each modifier's value, not the `position` they are computed from:
            // every page drawn before and after the change goes from its old offset, scale and
            // brightness to its new ones; a page only drawn before fades out where it was, one
            // only drawn after fades in where it will be (the default opacity transition). For a
            // step of one page this is the same as moving `position`; for a jump it is not.
            // A list that shrank (the clamp of `.onChange(of: pages.count)`) drew its old page and
            // the one before it: they fade out.
            let before = pager.pageLayouts(around: settle.fromIndex, atPosition: from, pageCount: max(count, settle.fromIndex + 1))
            let after = pager.pageLayouts(around: settle.toIndex, atPosition: target)
            return { time, progress, isRest in
                let position = isRest ? target : Self.position(from: from, to: target, progress: progress)
                let pages = isRest || progress == 1 ? after : PageLayout.interpolated(from: before, to: after, progress: progress)
                return PagerFrame(time: time, progress: progress, position: position, pages: .interactive(pages))
            }
        case .parallaxPush, .slideScale:
            let transition = pageTransition(for: settle)
            let incoming = settle.toIndex
            let outgoing = settle.fromIndex
            // The outgoing page may be gone from a list that shrank; it still transitions out.
            let hasOutgoing = outgoing != incoming && outgoing >= 0
            let hasIncoming = incoming >= 0 && incoming < count
            let width = width
            let direction = direction
            return { time, progress, isRest in
                let position = isRest ? target : Self.position(from: from, to: target, progress: progress)
                var pages: [TransitionedPage] = []
                func add(_ page: Int, _ role: TransitionRole) {
                    // Nothing transitions when the page stays (or once it is over): identity.
                    let moving = hasOutgoing && !isRest
                    var effect = moving ? transition.effect(role, progress: progress, width: width) : .identity
                    effect.zIndex = page
                    let current = role == .appearing
                    pages.append(
                        TransitionedPage(
                            page: page, role: role, effect: effect,
                            screenOffsetX: effect.screenOffsetX(in: direction),
                            isHitTestable: current, isAccessibilityHidden: !current))
                }
                // Lower zIndex first, so the list is also the drawing order.
                if hasOutgoing && !isRest && outgoing < incoming { add(outgoing, .disappearing) }
                if hasIncoming { add(incoming, .appearing) }
                if hasOutgoing && !isRest && outgoing > incoming { add(outgoing, .disappearing) }
                return PagerFrame(time: time, progress: progress, position: position, pages: .transition(pages))
            }
        }
    }

    /// The position at `progress`, exactly `target` at progress 1 (an immediate change) so the one
    /// frame of a change without animation is the target itself, not a rounding away from it.
    private static func position(from: Double, to target: Double, progress: Double) -> Double {
        progress == 1 ? target : from + (target - from) * progress + 0
    }

    /// The transition a page change uses: forward pushes, backward pops (the parallax push
    /// transition), and the slide-scale transition always enters from the trailing side as its demo does.
    private func pageTransition(for settle: Settle) -> any PageTransition {
        switch settle.style {
        case .interactive, .parallaxPush:
            ParallaxPushTransition(isForward: settle.toIndex >= settle.fromIndex, reduceMotion: reduceMotion)
        case .slideScale:
            SlideScaleTransition(reduceMotion: reduceMotion)
        }
    }
}
