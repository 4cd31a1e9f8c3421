import PagerShell

#if canImport(Glibc)
    import Glibc
#endif

// Before any thread starts: see EditLineReader.preferUTF8.
EditLineReader.preferUTF8()
exit(PagerVoiceMain.run(Array(CommandLine.arguments.dropFirst())))
