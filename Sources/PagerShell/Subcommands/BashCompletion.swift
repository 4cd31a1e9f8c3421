/// ArgumentParser's bash completion, taught that `pagervoice` alone is the REPL: options typed
/// before any subcommand are the REPL's, so `pagervoice --audio <Tab>` offers the audio modes
/// (the generated script offered subcommand names there).
enum BashCompletion {
    /// Where the root function has the words typed so far, as ArgumentParser writes it.
    static let anchor = "    local -a unparsed_words=(\"${COMP_WORDS[@]:1:${COMP_CWORD}}\")\n"

    static func patched(_ script: String) -> String {
        guard script.contains(anchor), script.contains("_pagervoice_repl()") else { return script }
        let dispatch = """
                # An option before any subcommand is the REPL's (the subcommand run by default).
                if [[ "${unparsed_words[0]}" == -* && "${unparsed_words[0]}" != @(--version|-h|--help) ]]; then
                    _pagervoice_repl
                    return
                fi

            """
        return script.replacing(anchor, with: anchor + dispatch, maxReplacements: 1)
    }
}
