import PagerCore
import PagerSystem

/// What one line produced, for the edge to print (text or JSON) and to speak. Kept as data so
/// `verify` can check it without a terminal and tests can assert it without parsing text.
public enum SessionOutput: Sendable, Equatable {
    /// The model announced something: printed and spoken.
    case announcement(Announcement)
    /// The shell itself speaks (focus, say): printed and spoken.
    case speech(Speech)
    /// Printed only: layout, frames, status, help, voices.
    case info(Info)
    /// An action hit an edge and nothing is spoken (focus past the last element): printed, and
    /// `expect-boundary` sees it.
    case boundary(Info)
    /// The line could not be done; nothing changed.
    case error(String)
    /// A file to write (a plot): the edge writes it, atomically, and then prints `written`, or
    /// an error. `handle` itself never touches the disk.
    case file(FileRequest)
    /// Silence speech now.
    case stopSpeech
    /// Leave the session.
    case quit

    public struct Speech: Sendable, Equatable {
        /// "focus", "say", "read" (a document's page) or "search".
        public var kind: String
        public var text: String
        public var priority: AnnouncementPriority
        public var json: JSON
        /// Whether text mode prints `text` (a page being read is on the screen already).
        public var isPrinted = true
    }

    public struct FileRequest: Sendable, Equatable {
        public var path: String
        public var contents: String
        /// What may be done to what is at `path` (a plot: a new file only).
        public var rule: OutputFile.Rule
        /// What to print once it is written.
        public var written: Info
    }

    public struct Info: Sendable, Equatable {
        public var text: [String]
        public var json: JSON
    }

    /// The spoken text, if this output is spoken.
    public var spokenText: String? {
        switch self {
        case .announcement(let a): a.text
        case .speech(let s): s.text
        default: nil
        }
    }
}
