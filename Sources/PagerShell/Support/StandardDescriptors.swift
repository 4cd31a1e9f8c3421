#if canImport(Glibc)
    import Glibc
#endif

/// Descriptors 0, 1 and 2, made trustworthy before anything else opens a file.
///
/// A program started with stdin closed (`pagervoice <&-`) would hand descriptor 0 to the next
/// file or pipe it opens; the REPL would then read that (the interrupt pipe, once, which hung it
/// forever), and a closed stdout could make a WAV file the target of our output. Each closed one
/// is opened on /dev/null first: a closed stdin is then end of input, a closed stdout a reader
/// that discards.
enum StandardDescriptors {
    static func openClosedOnDevNull() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            // open returns the lowest free number, which is `fd` as the ones below are open.
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
    }
}
