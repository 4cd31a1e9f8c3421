import PagerSystem

#if canImport(Glibc)
    import Glibc
#endif

// A program for PagerSystemTests to end in the ways a real one ends: it installs ExitCleanup,
// starts a child that forks a grandchild, makes a temporary folder with a file in it, prints
// "<group> <folder>" on one line, then waits. `exit` ends it through atexit at once; `wait`
// blocks until a signal arrives.

let mode = CommandLine.arguments.dropFirst().first ?? "wait"
ExitCleanup.install()
let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "sleep 1000 & sleep 1000; wait"])
let folder = try TemporaryFolder(prefix: "pv-probe")
let file = open(folder.path + "/inside", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
close(file)
let line = Array("\(child.pid) \(folder.path)\n".utf8)
_ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
if mode == "exit" { exit(0) }
while true { pause() }
