/// The arguments `PagerVoiceMain.run` was given, while they are parsed. ArgumentParser keeps the
/// last of an option given twice, which for most options is what a shell alias needs
/// (`alias pv='pagervoice --rate 200'`, then `pv --rate 300`), but for `--url` silently drops a
/// page a person asked to have audited. A task-local, so runs in one process (tests, the fuzzer)
/// each see their own.
enum GivenArguments {
    @TaskLocal static var current: [String] = []

    /// The values given to `--name` (as `--name VALUE` or `--name=VALUE`), before any `--`.
    static func values(of name: String) -> [String] {
        var values: [String] = []
        var index = current.startIndex
        while index < current.endIndex {
            let argument = current[index]
            if argument == "--" { break }
            if argument == name {
                if current.index(after: index) < current.endIndex {
                    values.append(current[current.index(after: index)])
                    index = current.index(after: index)
                }
            } else if argument.hasPrefix(name + "=") {
                values.append(String(argument.dropFirst(name.count + 1)))
            }
            index = current.index(after: index)
        }
        return values
    }
}
