#ifndef PAGERVOICE_CEDITLINE_SHIM_H
#define PAGERVOICE_CEDITLINE_SHIM_H
// libedit's readline-compatible API: prompt, line editing, history and completion on a TTY.
#include <stdio.h>
#include <editline/readline.h>

// libedit keeps its settings in C globals, which Swift 6 rightly refuses to touch from Swift
// (shared mutable state). These accessors are only called from the one thread that reads input.
static inline void pagervoice_rl_configure(const char *name, rl_compentry_func_t *complete) {
    rl_readline_name = name;
    rl_catch_signals = 0;  // our own SIGINT handler silences speech; libedit must not take over
    rl_completion_entry_function = complete;
}

static inline const char *pagervoice_rl_line_buffer(void) {
    return rl_line_buffer;
}
#endif
