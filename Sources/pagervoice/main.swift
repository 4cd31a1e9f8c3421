import PagerShell

#if canImport(Glibc)
    import Glibc
#endif

exit(PagerVoiceMain.run(Array(CommandLine.arguments.dropFirst())))
