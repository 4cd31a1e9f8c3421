#ifndef PAGERVOICE_CEDITLINE_SHIM_H
#define PAGERVOICE_CEDITLINE_SHIM_H
// libedit's readline-compatible API: prompt, line editing, history and completion on a TTY.
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <editline/readline.h>

// libedit decodes the bytes typed with the C library's multibyte functions, which start in the
// "C" locale, where it dropped every non-ASCII character ("go Café" ran "go Caf"). Lines are UTF-8
// to the rest of PagerVoice, so character types become C.UTF-8's, as eSpeak NG makes them for
// itself when it starts (not the user's locale: a Turkish one would change how eSpeak NG lowers
// "I"). Only the character type category: numbers and messages are not touched. setlocale is not
// thread-safe: the executable calls this before it starts any thread, which leaves later calls
// nothing to do.
static inline void pagervoice_prefer_utf8_ctype(void) {
    if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }
}

// libedit keeps its settings in C globals, which Swift 6 rightly refuses to touch from Swift
// (shared mutable state). These accessors are only called from the one thread that reads input.
// `read_key`, when given, replaces libedit's own reading of a key (it must be set before libedit
// starts, which is why it is here): see LivePrompt.
// `to_stderr`: the prompt and the line being typed are drawn on standard error (standard output
// is a pipe, standard error the terminal), as Python's interactive prompt does.
static inline void pagervoice_rl_configure(const char *name, rl_compentry_func_t *complete, int (*read_key)(FILE *),
                                           int to_stderr) {
    pagervoice_prefer_utf8_ctype();
    if (to_stderr) rl_outstream = stderr;
    rl_readline_name = name;
    rl_catch_signals = 0;  // our own SIGINT handler silences speech; libedit must not take over
    rl_completion_entry_function = complete;
    if (read_key != NULL) rl_getc_function = read_key;
}

// libedit writes through stdio; what it holds goes out before our own writes.
static inline void pagervoice_rl_flush(void) {
    fflush(rl_outstream != NULL ? rl_outstream : stdout);
}

// Draws the prompt and the line being typed again, from the cursor's column. Only from within
// `read_key`, on the thread that is in readline().
static inline void pagervoice_rl_redraw(void) {
    rl_forced_update_display();
    fflush(rl_outstream != NULL ? rl_outstream : stdout);
}

// Changes the prompt drawn by the next redraw (the listening state changed). Only from within
// `read_key`, on the thread that is in readline().
static inline void pagervoice_rl_set_prompt(const char *prompt) {
    rl_set_prompt(prompt);
}

static inline const char *pagervoice_rl_line_buffer(void) {
    return rl_line_buffer;
}

// The history's lines, oldest first (index 0 ..< count), for writing the history file ourselves.
static inline int pagervoice_history_count(void) {
    return history_length;
}

static inline const char *pagervoice_history_line(int index) {
    HIST_ENTRY *entry = history_get(history_base + index);
    return entry != NULL ? entry->line : NULL;
}
#endif
