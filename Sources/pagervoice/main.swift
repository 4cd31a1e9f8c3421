import PagerShell

// Until the REPL lands: print the demo pager's spoken state.
print(DemoState.describe())
