/// How a document's lines are read: as Markdown (headings make pages, markup is not spoken) or
/// as plain text (every character is content: a log's `*` and `_` and `# comment` lines stay).
public enum TextFormat: String, Sendable, Equatable, CaseIterable {
    case markdown
    case plain

    /// Extensions people give Markdown files.
    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn", "mdwn", "mdtext", "rmd"]

    /// The format a file's name suggests: a Markdown extension means Markdown, any other extension
    /// (`.txt`, `.log`, `.sh`, `.conf`…) plain text, where a `#` line is a comment, not a section.
    /// No extension (`README`, `LICENSE`, standard input) means Markdown: headings there are
    /// almost always meant as headings, and plain prose has none to misread.
    public static func forPath(_ path: String) -> TextFormat {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        // A leading dot names a hidden file (`.profile`), not an extension.
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .markdown }
        let ext = name[name.index(after: dot)...].lowercased()
        return markdownExtensions.contains(ext) ? .markdown : .plain
    }
}
