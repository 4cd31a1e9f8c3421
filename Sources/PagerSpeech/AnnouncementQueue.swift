/// The iOS 17 announcement rules as a pure state machine: which announcement speaks, which waits,
/// which is cut off and which is dropped. No eSpeak, no threads, no clock: `Announcer` sends it
/// what happens (an announcement is made, one finishes, the user stops everything) and carries
/// out what comes back, and tests check each step's whole new state and its effects.
///
/// The rules (`SpeechPriority`): `low` waits behind whatever is speaking or waiting; `default`
/// and `high` cut off the announcement speaking unless that one is `high`, and replace any
/// `default` one still waiting (it would be cut off the moment it began: paging quickly speaks
/// only the latest page); waiting announcements go `high` first, then `default`, then `low`,
/// first come first served within a priority.
public struct AnnouncementQueue: Hashable, Sendable {
    /// An announcement as the queue sees it.
    public struct Entry: Hashable, Sendable {
        public let id: UtteranceID
        public let priority: SpeechPriority

        public init(id: UtteranceID, priority: SpeechPriority) {
            self.id = id
            self.priority = priority
        }
    }

    public enum Action: Hashable, Sendable {
        /// An announcement is made.
        case enqueue(Entry)
        /// The one speaking is over (spoken to its end, cut off, or failed).
        case finish(UtteranceID)
        /// Silence everything (Ctrl-C, `stop`).
        case stop
    }

    /// What the caller must do after an action.
    public struct Effects: Hashable, Sendable {
        /// Cut this one off (it stays `speaking` until its `finish`).
        public var interrupt: Entry?
        /// Report these as never started; they are gone from the queue.
        public var drop: [Entry]
        /// Start speaking this one (it is now `speaking`).
        public var start: Entry?

        public init(interrupt: Entry? = nil, drop: [Entry] = [], start: Entry? = nil) {
            self.interrupt = interrupt
            self.drop = drop
            self.start = start
        }

        public static let none = Effects()
    }

    /// The announcement being spoken (or being cut off), until its `finish`.
    public private(set) var speaking: Entry?
    /// Whether `speaking` has been told to stop.
    public private(set) var interrupting: Bool
    /// In the order they will speak.
    public private(set) var waiting: [Entry]

    public init(speaking: Entry? = nil, interrupting: Bool = false, waiting: [Entry] = []) {
        self.speaking = speaking
        self.interrupting = interrupting && speaking != nil
        self.waiting = waiting
    }

    /// Whether nothing is speaking or waiting.
    public var isIdle: Bool { speaking == nil && waiting.isEmpty }

    /// Applies `action` and returns what the caller must do.
    public mutating func send(_ action: Action) -> Effects {
        var effects = Effects()
        switch action {
        case .enqueue(let entry):
            if entry.priority != .low {
                effects.drop = waiting.filter { $0.priority == .default }
                waiting.removeAll { $0.priority == .default }
                if let current = speaking, current.priority != .high, !interrupting {
                    interrupting = true
                    effects.interrupt = current
                }
            }
            let index = waiting.firstIndex { $0.priority < entry.priority } ?? waiting.endIndex
            waiting.insert(entry, at: index)
        case .finish(let id):
            guard speaking?.id == id else { return .none }
            speaking = nil
            interrupting = false
        case .stop:
            effects.drop = waiting
            waiting.removeAll()
            if let current = speaking, !interrupting {
                interrupting = true
                effects.interrupt = current
            }
        }
        if speaking == nil, !waiting.isEmpty {
            let next = waiting.removeFirst()
            speaking = next
            effects.start = next
        }
        return effects
    }
}
