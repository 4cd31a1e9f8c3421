import PagerSpeech
import Testing

/// The iOS 17 rules without eSpeak: each test sends actions and asserts the whole new state and
/// everything the step produced, so nothing changes behind the test's back.
@Suite struct AnnouncementQueueTests {
    typealias Entry = AnnouncementQueue.Entry
    typealias Effects = AnnouncementQueue.Effects

    static func entry(_ number: UInt64, _ priority: SpeechPriority) -> Entry {
        Entry(id: UtteranceID(rawValue: number), priority: priority)
    }

    let low1 = entry(1, .low)
    let low2 = entry(2, .low)
    let default3 = entry(3, .default)
    let default4 = entry(4, .default)
    let high5 = entry(5, .high)
    let high6 = entry(6, .high)
    let default7 = entry(7, .default)

    /// Sends `action`, then checks the state and the effects against what is expected.
    func step(
        _ queue: inout AnnouncementQueue, _ action: AnnouncementQueue.Action,
        state expected: AnnouncementQueue, effects expectedEffects: Effects,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let effects = queue.send(action)
        #expect(queue == expected, "state after \(action)", sourceLocation: sourceLocation)
        #expect(effects == expectedEffects, "effects of \(action)", sourceLocation: sourceLocation)
    }

    @Test func anAnnouncementToAnIdleQueueStartsAtOnceAndTheNextWaitsForFinish() {
        var queue = AnnouncementQueue()
        #expect(queue.isIdle)
        step(&queue, .enqueue(low1), state: .init(speaking: low1), effects: .init(start: low1))
        step(&queue, .enqueue(low2), state: .init(speaking: low1, waiting: [low2]), effects: .none)
        step(&queue, .finish(low1.id), state: .init(speaking: low2), effects: .init(start: low2))
        step(&queue, .finish(low2.id), state: .init(), effects: .none)
        #expect(queue.isIdle)
    }

    @Test func defaultCutsOffDefaultAndLowAndStartsWhenTheCutOneFinishes() {
        for earlier in [default3, low1] {
            var queue = AnnouncementQueue(speaking: earlier)
            step(
                &queue, .enqueue(default4), state: .init(speaking: earlier, interrupting: true, waiting: [default4]),
                effects: .init(interrupt: earlier))
            step(&queue, .finish(earlier.id), state: .init(speaking: default4), effects: .init(start: default4))
        }
    }

    @Test func aWaitingDefaultIsReplacedByALaterOne() {
        // Paging quickly speaks only the latest page.
        var queue = AnnouncementQueue(speaking: high5)
        step(&queue, .enqueue(default3), state: .init(speaking: high5, waiting: [default3]), effects: .none)
        step(
            &queue, .enqueue(default4), state: .init(speaking: high5, waiting: [default4]),
            effects: .init(drop: [default3]))
    }

    @Test func highCutsOffDefaultButNotHighAndQueuesAheadOfDefaultAndLow() {
        var queue = AnnouncementQueue(speaking: default3, waiting: [low1])
        step(
            &queue, .enqueue(high5), state: .init(speaking: default3, interrupting: true, waiting: [high5, low1]),
            effects: .init(interrupt: default3))
        // A second cut-off is not asked for while the first is under way.
        step(
            &queue, .enqueue(high6), state: .init(speaking: default3, interrupting: true, waiting: [high5, high6, low1]),
            effects: .none)
        step(&queue, .finish(default3.id), state: .init(speaking: high5, waiting: [high6, low1]), effects: .init(start: high5))
        // High is not cut off: a default waits behind the highs, ahead of the low.
        step(&queue, .enqueue(default7), state: .init(speaking: high5, waiting: [high6, default7, low1]), effects: .none)
        step(&queue, .finish(high5.id), state: .init(speaking: high6, waiting: [default7, low1]), effects: .init(start: high6))
        step(&queue, .finish(high6.id), state: .init(speaking: default7, waiting: [low1]), effects: .init(start: default7))
    }

    @Test func lowNeverCutsOffNorReplaces() {
        var queue = AnnouncementQueue(speaking: low1, waiting: [default3])
        step(&queue, .enqueue(low2), state: .init(speaking: low1, waiting: [default3, low2]), effects: .none)
    }

    @Test func stopCutsOffTheSpeakingOneAndDropsEveryWaitingOne() {
        var queue = AnnouncementQueue(speaking: high5, waiting: [high6, default3, low1])
        step(
            &queue, .stop, state: .init(speaking: high5, interrupting: true),
            effects: .init(interrupt: high5, drop: [high6, default3, low1]))
        // Stopping again asks for nothing more; the cut-off one finishes, and all is quiet.
        step(&queue, .stop, state: .init(speaking: high5, interrupting: true), effects: .none)
        step(&queue, .finish(high5.id), state: .init(), effects: .none)
        step(&queue, .stop, state: .init(), effects: .none)
    }

    @Test func announcementsMadeWhileOneIsBeingCutOffWaitForItsFinish() {
        var queue = AnnouncementQueue(speaking: default3, interrupting: true)
        step(&queue, .enqueue(low1), state: .init(speaking: default3, interrupting: true, waiting: [low1]), effects: .none)
        step(&queue, .finish(default3.id), state: .init(speaking: low1), effects: .init(start: low1))
    }

    @Test func finishingAnythingButTheSpeakingOneChangesNothing() {
        var queue = AnnouncementQueue(speaking: default3, waiting: [low1])
        step(&queue, .finish(low1.id), state: .init(speaking: default3, waiting: [low1]), effects: .none)
        step(&queue, .finish(UtteranceID(rawValue: 99)), state: .init(speaking: default3, waiting: [low1]), effects: .none)
    }

    @Test func interruptingNeedsSomethingSpeaking() {
        #expect(AnnouncementQueue(interrupting: true) == AnnouncementQueue())
    }
}
