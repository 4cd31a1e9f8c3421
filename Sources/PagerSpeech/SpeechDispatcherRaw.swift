import CSpeechd
import Glibc
import PagerSystem
import SystemPackage

/// Every raw libspeechd call in the package, so the unsafe surface is one short file.
///
/// All calls except the callbacks run on a client's worker queue, one at a time per connection,
/// in the order they were asked for. The connection is threaded (`SPD_MODE_THREADED`): libspeechd
/// reads the socket on a thread of its own and calls the BEGIN, END and CANCEL callbacks there.
/// No libspeechd function may be called from a callback (it would wait for a reply that only
/// that thread can read).
///
/// Every command goes out through `execute` (`spd_execute_command_with_reply`), never through
/// libspeechd's setters or `spd_say`: in 0.11 those format their command in a static buffer that
/// every connection of the process shares (`spd_set_notification`, `spd_set_voice_rate`, and
/// `spd_set_priority` inside `spd_say`), guarded only by each connection's own mutex. Two
/// connections sending at the same moment then send each other's commands, or a garbled one:
/// one client's rate or priority lands on another, or the daemon refuses a setup command.
enum SpeechDispatcherRaw {
    /// libspeechd, opened the first time a connection is made rather than linked: linked, it and
    /// GLib are loaded on every start of every `pagervoice` command for something only
    /// `--audio speechd` uses. The header still gives the types; the four
    /// functions we call are reached through pointers with their C signatures. Private: nothing
    /// but the functions below calls into it.
    private struct Library: @unchecked Sendable {
        // Function pointers into a library that stays loaded: immutable, safe to share.
        let open2:
            @convention(c) (
                UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, SPDConnectionMode,
                UnsafePointer<SPDConnectionAddress>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            ) -> UnsafeMutablePointer<SPDConnection>?
        let close: @convention(c) (UnsafeMutablePointer<SPDConnection>?) -> Void
        let executeWithReply:
            @convention(c) (
                UnsafeMutablePointer<SPDConnection>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            )
                -> Int32
        let sendDataWithoutMutex:
            @convention(c) (UnsafeMutablePointer<SPDConnection>?, UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?

        /// Debian's `libspeechd2` (speech-dispatcher 0.11).
        static let soname = "libspeechd.so.2"

        /// Opened once per process; the failure, if any, is kept and given to every caller.
        static let shared: Result<Library, SpeechError.Unreachable> = open()

        private static func open() -> Result<Library, SpeechError.Unreachable> {
            let library: DynamicLibrary
            do { library = try DynamicLibrary(soname) } catch {
                return .failure(.refused("cannot open \(soname) (apt-get install libspeechd2): \(error.reason)"))
            }
            func function<T>(_ name: String, _: T.Type = T.self) throws(SpeechError.Unreachable) -> T {
                do { return try library.function(name) } catch { throw .refused("\(soname): \(error.reason)") }
            }
            do throws(SpeechError.Unreachable) {
                return .success(
                    Library(
                        open2: try function("spd_open2"), close: try function("spd_close"),
                        executeWithReply: try function("spd_execute_command_with_reply"),
                        sendDataWithoutMutex: try function("spd_send_data_wo_mutex")))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Only reached once `open` succeeded (a handle exists), so after the library was opened.
    private static var lib: Library {
        switch Library.shared {
        case .success(let library): library
        case .failure(let reason): preconditionFailure("libspeechd used before it was opened: \(reason)")
        }
    }

    /// An open libspeechd connection. Sendable because libspeechd locks each call itself and we
    /// only ever use it from one worker queue at a time.
    struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<SPDConnection>
        /// Our own duplicate of the connection's socket, open until `close` has finished.
        ///
        /// libspeechd's number for the socket (`pointer.pointee.socket`) is not ours to use:
        /// when the daemon hangs up, libspeechd's reader thread closes that descriptor (with
        /// `fclose` on its stream) and leaves the number in the field, where it soon names some
        /// other descriptor of the process, such as another client's connection. Shutting down
        /// or watching "the socket" goes through this duplicate instead, which names the same
        /// socket for as long as we hold it.
        let socket: FileDescriptor
    }

    /// A notification the daemon sent for one of our messages (by its SSIP message id).
    enum Notification: Hashable, Sendable {
        case begin(Int)
        case end(Int)
        case cancel(Int)
    }

    // MARK: Connecting

    /// `spd_open2` in threaded mode, never autospawning (see `SpeechDispatcherClient`). Fails with
    /// libspeechd's own error text.
    static func open(clientName: String, address: SpeechDispatcherAddress) -> Result<Handle, SpeechError.Unreachable> {
        let lib: Library
        switch Library.shared {
        case .success(let library): lib = library
        case .failure(let reason): return .failure(reason)
        }
        var spdAddress = SPDConnectionAddress()
        var owned: [UnsafeMutablePointer<CChar>] = []
        defer { owned.forEach { free($0) } }
        switch address {
        case .unixSocket(let path):
            spdAddress.method = SPD_METHOD_UNIX_SOCKET
            if let copy = strdup(path) {
                owned.append(copy)
                spdAddress.unix_socket_name = copy
            }
        case .inetSocket(let host, let port):
            spdAddress.method = SPD_METHOD_INET_SOCKET
            if let copy = strdup(host) {
                owned.append(copy)
                spdAddress.inet_socket_host = copy
            }
            spdAddress.inet_socket_port = Int32(port)
        }
        var error: UnsafeMutablePointer<CChar>?
        let connection = lib.open2(clientName, "main", nil, SPD_MODE_THREADED, &spdAddress, 0, &error)
        defer { free(error) }
        guard let connection else {
            return .failure(.refused(error.map { String(cString: $0) } ?? "libspeechd could not open a connection"))
        }
        // libspeechd makes its socket without close-on-exec: a child we start would otherwise
        // hold our connection open (and keep the daemon talking to it) after we let go of it.
        let number = connection.pointee.socket
        _ = fcntl(number, F_SETFD, fcntl(number, F_GETFD) | FD_CLOEXEC)
        // The duplicate is taken before any command of ours goes out; `connect` then requires the
        // daemon's replies to them, which only a live reader delivers, and the reader closes the
        // number only as it ends. So the number was still the connection's when we copied it.
        let duplicate = fcntl(number, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else {
            let reason = SpeechError.Unreachable.cannotConnect(Errno(rawValue: errno))
            lib.close(connection)
            return .failure(reason)
        }
        return .success(Handle(pointer: connection, socket: FileDescriptor(rawValue: duplicate)))
    }

    /// Closes the connection and joins libspeechd's reader thread.
    ///
    /// `spd_close` cancels the reader thread (`pthread_cancel`) wherever it is, normally blocked
    /// reading the socket. ThreadSanitizer cannot follow a thread cancelled inside one of its
    /// intercepted calls and aborts the process ("finished with ignores enabled"), so we first
    /// shut the socket down through our duplicate: the reader reads end-of-file, closes its
    /// stream (`stream = NULL`) and ends by itself, and `spd_close` then only joins it and frees.
    /// The wait is bounded (a reader stuck elsewhere is cancelled as before). Only then is our
    /// duplicate closed, so its number cannot be reused while we still act on it.
    static func close(_ handle: Handle) {
        Glibc.shutdown(handle.socket.rawValue, Int32(SHUT_RDWR))
        let deadline = ContinuousClock.now + .seconds(1)
        // The reader writes the field without a lock we can take; it is a plain pointer, polled.
        while readerStillRunning(handle) && ContinuousClock.now < deadline { usleep(1000) }
        lib.close(handle.pointer)
        try? handle.socket.close()
    }

    /// Whether libspeechd's reader still has its stream: it clears the field (after closing the
    /// stream and so the descriptor) when the socket reaches end-of-file, just before it ends.
    @inline(never)
    private static func readerStillRunning(_ handle: Handle) -> Bool {
        handle.pointer.pointee.stream != nil
    }

    /// The connection's socket, for noticing when the daemon hangs up (the client's hang-up watch).
    /// Valid until `close`.
    static func socketDescriptor(_ handle: Handle) -> Int32 {
        handle.socket.rawValue
    }

    // MARK: Commands

    /// What the daemon made of one command.
    enum Reply: Equatable, Sendable {
        /// A 1xx or 2xx reply (all of it, lines joined by CR LF).
        case accepted(String)
        /// A 3xx or 4xx reply.
        case refused(String)
        /// No reply: the connection is closed.
        case closed
    }

    /// Sends `command` (a CR LF is added) and waits for the daemon's reply. libspeechd builds the
    /// line in a buffer of its own, so connections never share it.
    static func execute(_ handle: Handle, _ command: String) -> Reply {
        var reply: UnsafeMutablePointer<CChar>?
        let status = lib.executeWithReply(handle.pointer, command, &reply)
        defer { free(reply) }
        guard let reply else { return .closed }
        let text = String(cString: reply)
        return status == 0 ? .accepted(text) : .refused(text)
    }

    private static func accepts(_ handle: Handle, _ command: String) -> Bool {
        if case .accepted = execute(handle, command) { return true }
        return false
    }

    // MARK: Settings

    /// BEGIN, END and CANCEL notifications for our messages, delivered through `slot`. nil when
    /// the daemon took them, else the reply to the first command it did not take.
    static func enableNotifications(_ handle: Handle, slot: Int) -> Reply? {
        let callback = trampoline(slot)
        handle.pointer.pointee.callback_begin = callback
        handle.pointer.pointee.callback_end = callback
        handle.pointer.pointee.callback_cancel = callback
        for event in ["begin", "end", "cancel"] {
            let reply = execute(handle, "SET SELF NOTIFICATION \(event) on")
            if case .accepted = reply { continue }
            return reply
        }
        return nil
    }

    static func disableNotifications(_ handle: Handle) {
        _ = execute(handle, "SET SELF NOTIFICATION all off")
    }

    /// Text is text: markup in it is read out, never interpreted as SSML.
    static func setPlainTextMode(_ handle: Handle) -> Bool {
        accepts(handle, "SET SELF SSML_MODE off")
    }

    /// `rate` on speech-dispatcher's scale, -100...100 (`VoiceSettings.speechDispatcherRateScale`).
    static func setRate(_ handle: Handle, _ rate: Int) -> Bool {
        VoiceSettings.speechDispatcherRateScale.contains(rate) && accepts(handle, "SET SELF RATE \(rate)")
    }

    /// `name` is one the daemon listed (`voices`), so it holds no line break.
    static func setSynthesisVoice(_ handle: Handle, _ name: String) -> Bool {
        accepts(handle, "SET SELF SYNTHESIS_VOICE \(name)")
    }

    /// `code` is a normalised language code (`SpeechDispatcherVoice.normalised`).
    static func setLanguage(_ handle: Handle, _ code: String) -> Bool {
        accepts(handle, "SET SELF LANGUAGE \(code)")
    }

    /// The output module's voices, nil when the daemon refused the request.
    ///
    /// `LIST SYNTHESIS_VOICES` sent as a plain command and its reply parsed here, rather than
    /// `spd_list_synthesis_voices`: that function looks up reply line n by scanning from the top
    /// each time, which is quadratic in the espeak-ng module's thousands of voices (docs/VOICE.md,
    /// Tuning history, speech). Like libspeechd's own list functions, this must not run
    /// concurrently with another call on the connection; the worker queue sees to that.
    static func listVoices(_ handle: Handle) -> [SpeechDispatcherVoice]? {
        var reply: UnsafeMutablePointer<CChar>?
        let status = lib.executeWithReply(handle.pointer, "LIST SYNTHESIS_VOICES", &reply)
        defer { free(reply) }
        guard status == 0, let reply else { return nil }
        return parseVoiceList(String(cString: reply))
    }

    /// Lines `249-NAME<TAB>LANGUAGE<TAB>VARIANT`, then `249 OK VOICE LIST SENT`.
    static func parseVoiceList(_ reply: String) -> [SpeechDispatcherVoice] {
        var voices: [SpeechDispatcherVoice] = []
        for line in reply.split(separator: "\r\n") where line.hasPrefix("249-") {
            let fields = line.dropFirst(4).split(separator: "\t", omittingEmptySubsequences: false)
            guard let name = fields.first, !name.isEmpty else { continue }
            let language = fields.count > 1 ? String(fields[1]) : ""
            let variant = fields.count > 2 ? String(fields[2]) : ""
            voices.append(
                SpeechDispatcherVoice(
                    name: String(name), language: language,
                    variant: variant == "none" || variant.isEmpty ? nil : variant))
        }
        return voices
    }

    // MARK: Speaking

    /// Queues `text`; the SSIP message id, or nil when the daemon refused it. `high` goes out as
    /// `IMPORTANT`, `default` and `low` as `TEXT` (see `SpeechDispatcherClient` for why).
    ///
    /// What `spd_say` sends, without its shared buffer: the priority, `SPEAK`, the text (dots
    /// that start a line doubled), and the end mark, whose reply carries the message id.
    static func say(_ handle: Handle, _ priority: SpeechPriority, _ text: String) -> Int? {
        let level = priority == .high ? "IMPORTANT" : "TEXT"
        guard accepts(handle, "SET SELF PRIORITY \(level)"), accepts(handle, "SPEAK") else { return nil }
        guard let sent = lib.sendDataWithoutMutex(handle.pointer, escapedForData(text), SPD_NO_REPLY) else { return nil }
        free(sent)
        guard case .accepted(let reply) = execute(handle, "\r\n.") else { return nil }
        return messageID(reply)
    }

    /// SSIP ends the text at a line holding only a dot, so a dot that starts a line is doubled
    /// (as libspeechd's `escape_dot` does).
    static func escapedForData(_ text: String) -> String {
        text.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "." + $0 : String($0) }
            .joined(separator: "\r\n")
    }

    /// The id in the reply to the end mark: `225-21`, then `225 OK MESSAGE QUEUED`.
    static func messageID(_ reply: String) -> Int? {
        guard let first = reply.split(separator: "\r\n").first, first.hasPrefix("225-") else { return nil }
        return Int(first.dropFirst(4))
    }

    /// `CANCEL SELF`: stops our message being spoken and discards our waiting ones (each gets a
    /// CANCEL notification). Other clients' speech is untouched.
    static func cancel(_ handle: Handle) -> Bool {
        accepts(handle, "CANCEL SELF")
    }

    // MARK: Callbacks

    /// How many connections can be open at once in one process.
    static let slotCount = 16

    /// libspeechd's callbacks receive a message id, a client id and the event, but no context
    /// pointer, and client ids repeat across daemons (two tests each running their own). So each
    /// open connection takes a slot: a C entry point of its own (`trampoline`) and the handler
    /// it forwards to.
    private static let handlers = Locked<[Slot]>(Array(repeating: .free, count: slotCount))

    private enum Slot: Sendable {
        case free
        case taken((@Sendable (Notification) -> Void)?)
    }

    /// Takes a free slot for `handler`; nil when all are taken.
    static func claimSlot(_ handler: @escaping @Sendable (Notification) -> Void) -> Int? {
        handlers.withLock { slots in
            guard let index = slots.firstIndex(where: { if case .free = $0 { true } else { false } }) else { return nil }
            slots[index] = .taken(handler)
            return index
        }
    }

    /// Stops forwarding notifications from `slot`, keeping it reserved (its connection may still
    /// deliver one while it closes).
    static func silenceSlot(_ slot: Int) {
        handlers.withLock { $0[slot] = .taken(nil) }
    }

    /// Frees `slot` once its connection is closed (libspeechd has joined its reader thread).
    static func releaseSlot(_ slot: Int) {
        handlers.withLock { $0[slot] = .free }
    }

    private static func forward(_ slot: Int, _ message: Int, _ type: SPDNotificationType) {
        guard case .taken(let handler?) = handlers.withLock({ $0[slot] }) else { return }
        switch type {
        case SPD_EVENT_BEGIN: handler(.begin(message))
        case SPD_EVENT_END: handler(.end(message))
        case SPD_EVENT_CANCEL: handler(.cancel(message))
        default: break
        }
    }

    /// The C entry point of each slot: a distinct function per slot, since the callback cannot
    /// carry the slot number itself.
    private static func trampoline(_ slot: Int) -> SPDCallback {
        switch slot {
        case 0: { message, _, type in SpeechDispatcherRaw.forward(0, message, type) }
        case 1: { message, _, type in SpeechDispatcherRaw.forward(1, message, type) }
        case 2: { message, _, type in SpeechDispatcherRaw.forward(2, message, type) }
        case 3: { message, _, type in SpeechDispatcherRaw.forward(3, message, type) }
        case 4: { message, _, type in SpeechDispatcherRaw.forward(4, message, type) }
        case 5: { message, _, type in SpeechDispatcherRaw.forward(5, message, type) }
        case 6: { message, _, type in SpeechDispatcherRaw.forward(6, message, type) }
        case 7: { message, _, type in SpeechDispatcherRaw.forward(7, message, type) }
        case 8: { message, _, type in SpeechDispatcherRaw.forward(8, message, type) }
        case 9: { message, _, type in SpeechDispatcherRaw.forward(9, message, type) }
        case 10: { message, _, type in SpeechDispatcherRaw.forward(10, message, type) }
        case 11: { message, _, type in SpeechDispatcherRaw.forward(11, message, type) }
        case 12: { message, _, type in SpeechDispatcherRaw.forward(12, message, type) }
        case 13: { message, _, type in SpeechDispatcherRaw.forward(13, message, type) }
        case 14: { message, _, type in SpeechDispatcherRaw.forward(14, message, type) }
        default: { message, _, type in SpeechDispatcherRaw.forward(15, message, type) }
        }
    }
}
