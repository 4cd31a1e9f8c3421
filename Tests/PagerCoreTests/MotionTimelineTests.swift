import Testing

@testable import PagerCore

@Suite struct MotionTimelineTests {
    @Test func pagerSettleAt60Hz() {
        let timeline = Timeline(.smooth(duration: 0.45))
        #expect(timeline.framesPerSecond == 60)
        #expect(timeline.settledTime == 0.7)
        #expect(timeline.settledMilliseconds == 700)
        #expect(timeline.logicallyCompleteMilliseconds == 450)
        // t = 0, 1/60, …, 42/60 = 0.7 s: 43 frames, the last exactly on the settled time.
        #expect(timeline.frameCount == 43)
        #expect(timeline.times.first == 0)
        #expect(timeline.lastFrameTime == 0.7)
        #expect(timeline.time(ofFrame: 1) == 1.0 / 60)
        #expect(timeline.progresses.first == 0)
        #expect(abs(1 - timeline.progresses.last!) < SpringAnimation.settlingEpsilon)
        #expect(timeline.finalProgress == 1)
    }

    @Test func lastFrameIsTheFirstAtOrAfterTheSettledTime() {
        for spring in [
            SpringAnimation.spring(duration: 0.35, bounce: 0.3), .snappy(duration: 0.3),
            .smooth(duration: 0.7), .smooth(duration: 0.55),
        ] {
            for fps in [24, 30, 60, 120] {
                let timeline = Timeline(spring, framesPerSecond: fps)
                #expect(timeline.lastFrameTime >= timeline.settledTime - 1e-12)
                #expect(timeline.lastFrameTime < timeline.settledTime + 1.0 / Double(fps))
            }
        }
        // 0.757 s × 60 = 45.4: frames 0…46.
        #expect(Timeline(.spring(duration: 0.35, bounce: 0.3)).frameCount == 47)
        #expect(Timeline(.spring(duration: 0.35, bounce: 0.3)).settledMilliseconds == 757)
        // 0.553 s × 60 = 33.2: frames 0…34.
        #expect(Timeline(.snappy(duration: 0.3)).frameCount == 35)
        #expect(Timeline(.snappy(duration: 0.3)).settledMilliseconds == 553)
    }

    @Test func framesPerSecondIsConfigurableAndClamped() {
        #expect(Timeline(.smooth(duration: 0.45), framesPerSecond: 30).frameCount == 22)
        #expect(Timeline(.smooth(duration: 0.45), framesPerSecond: 120).frameCount == 85)
        #expect(Timeline(.smooth(duration: 0.45), framesPerSecond: 0).framesPerSecond == 1)
        #expect(Timeline(.smooth(duration: 0.45), framesPerSecond: -5).frameCount == 2)
        #expect(Timeline(.smooth(duration: 0.45), framesPerSecond: 1_000_000).framesPerSecond == Timeline.maximumFramesPerSecond)
    }

    @Test func anImmediateChangeIsOneFrameAtTheTarget() {
        let timeline = Timeline(MotionAnimation.none)
        #expect(timeline.frameCount == 1)
        #expect(timeline.progresses == [1])
        #expect(timeline.settledMilliseconds == 0)
        #expect(timeline.logicallyCompleteMilliseconds == 0)
        #expect(timeline.animation.duration == 0)
    }

    @Test func aSpringThatNeverStopsIsCapped() {
        let timeline = Timeline(.spring(duration: 0.5, bounce: 1))
        #expect(timeline.settledTime == Timeline.maximumSampledDuration)
        #expect(timeline.frameCount == Int(Timeline.maximumSampledDuration) * 60 + 1)
    }

    @Test func mapSamplesEveryFrame() {
        let timeline = Timeline(.smooth(duration: 0.45))
        let pairs = timeline.map { time, progress in (time, progress) }
        #expect(pairs.map(\.0) == timeline.times)
        #expect(pairs.map(\.1) == timeline.progresses)
    }
}
