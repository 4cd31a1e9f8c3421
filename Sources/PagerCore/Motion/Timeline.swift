/// The moments a display draws an animation, and the animation's progress at each.
///
/// A sighted user sees a settle as a run of frames, not as a formula; a tester checking what they
/// saw needs the same frames. Frames fall on a fixed grid (`k / fps` seconds, 60 Hz by default,
/// as on most displays) from t = 0 through the settled time, so the first frame is where the
/// motion starts and the last is the first grid time at or after SwiftUI's settling duration.
/// An immediate change (`MotionAnimation.none`) is one frame, already at the target.
///
/// The frames are sampled values, so the last one is only within the settling tolerance of the
/// target; once the timeline is over the state is the target exactly (`finalProgress`), as in
/// SwiftUI, which drops the animation and shows the model value.
public struct Timeline: Sendable, Equatable {
    /// Most displays refresh at 60 Hz.
    public static let defaultFramesPerSecond = 60
    /// Faster than any display: beyond this a timeline is a mistake, and would only cost memory.
    public static let maximumFramesPerSecond = 1000
    /// A spring that bounces forever (bounce 1) never settles; its frames stop here.
    public static let maximumSampledDuration = 120.0

    public let animation: MotionAnimation
    /// Frames per second, clamped to 1…`maximumFramesPerSecond`.
    public let framesPerSecond: Int
    /// Seconds until the motion is at rest (SwiftUI's settling duration, capped at
    /// `maximumSampledDuration`); 0 when nothing animates.
    public let settledTime: Double
    /// Number of frames, the one at t = 0 included; at least 1.
    public let frameCount: Int

    public init(_ animation: MotionAnimation, framesPerSecond: Int = Timeline.defaultFramesPerSecond) {
        self.animation = animation
        let fps = min(max(framesPerSecond, 1), Self.maximumFramesPerSecond)
        self.framesPerSecond = fps
        switch animation {
        case .none:
            settledTime = 0
            frameCount = 1
        case .spring(let spring):
            let settled = min(spring.settlingDuration, Self.maximumSampledDuration)
            settledTime = settled
            // The tiny allowance keeps 0.7 s × 60 = 42.000000000000007 on frame 42, not 43.
            frameCount = Int((settled * Double(fps) - 1e-9).rounded(.up)) + 1
        }
    }

    /// A spring sampled at the default 60 Hz.
    public init(_ spring: SpringAnimation, framesPerSecond: Int = Timeline.defaultFramesPerSecond) {
        self.init(.spring(spring), framesPerSecond: framesPerSecond)
    }

    /// Seconds from the start to frame `index`.
    public func time(ofFrame index: Int) -> Double {
        Double(index) / Double(framesPerSecond)
    }

    /// The animation's progress on frame `index`: 0 at the start of a spring, 1 throughout an
    /// immediate change.
    public func progress(ofFrame index: Int) -> Double {
        animation.progress(at: time(ofFrame: index))
    }

    /// Frame times in seconds.
    public var times: [Double] { (0..<frameCount).map(time(ofFrame:)) }

    /// Progress on every frame.
    public var progresses: [Double] { (0..<frameCount).map(progress(ofFrame:)) }

    /// Builds one value per frame from its time and progress, without an intermediate array.
    public func map<Frame>(_ frame: (_ time: Double, _ progress: Double) throws -> Frame) rethrows -> [Frame] {
        var frames: [Frame] = []
        frames.reserveCapacity(frameCount)
        for index in 0..<frameCount {
            let time = time(ofFrame: index)
            frames.append(try frame(time, animation.progress(at: time)))
        }
        return frames
    }

    /// Progress once the timeline is over: exactly the target.
    public var finalProgress: Double { 1 }

    /// `logically_complete_ms`: when SwiftUI calls the animation done.
    public var logicallyCompleteMilliseconds: Int { animation.logicallyCompleteMilliseconds }

    /// `settled_ms`: when the motion is at rest.
    public var settledMilliseconds: Int { SpringAnimation.milliseconds(settledTime) }

    /// Time of the last frame, at or just after `settledTime`.
    public var lastFrameTime: Double { time(ofFrame: frameCount - 1) }
}
