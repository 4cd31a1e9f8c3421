import PagerCore
import PagerSystem
import PagerWeb
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Starting, closing and losing a browser: nothing of it may be left running or on disk.
@Suite struct BrowserLifecycleTests {
    @Test func closeLeavesNoProcessAndNoProfile() throws {
        let parent = try TemporaryFolder(prefix: "pv-web-test")
        let browser = try Browser(profileParent: parent.path)
        print("browser cold start to first answer: \(browser.startDuration) (\(browser.product))")
        let group = browser.processGroup
        // The browser has forked its helpers into the group, and writes its profile.
        #expect(group.livingMembers.count > 1)
        #expect(browser.profilePath.hasPrefix(parent.path + "/pagervoice-browser-"))
        #expect(exists(browser.profilePath))
        #expect(try browser.newPage().evaluate("6*7") == .int(42))

        let closing = ContinuousClock.now
        browser.close()
        print("browser close, group gone and profile removed: \(ContinuousClock.now - closing)")
        #expect(group.livingMembers.isEmpty)
        #expect(!exists(browser.profilePath))
        #expect(folderIsEmpty(parent.path))
        #expect(!browser.isRunning)
        browser.close()  // idempotent
    }

    @Test func afterAPageHungClosingStillLeavesNothing() throws {
        let fixtures = try Fixtures()
        let server = try SilentServer()
        let browser = try Browser()
        let group = browser.processGroup
        let page = try browser.newPage()
        // A script the page writes in, from a local server that never answers: the load never ends.
        let never = "http://127.0.0.1:\(server.port)/never.js"
        let url = try fixtures.page("<script>document.write(\"<script src='\(never)'><\\/script>\")</script>")
        #expect(throws: PageError.loadTimedOut(url: url, after: .milliseconds(500))) { try page.open(url, timeout: .milliseconds(500)) }
        #expect(!group.livingMembers.isEmpty)

        browser.close()
        #expect(group.livingMembers.isEmpty)
        #expect(!exists(browser.profilePath))
        #expect(throws: PageError.devTools(.closed)) { try page.evaluate("1") }
    }

    @Test func aBrowserKilledFromOutsideIsReportedWithItsStatus() throws {
        let browser = try Browser()
        let page = try browser.newPage()
        #expect(kill(browser.processGroup.id, SIGKILL) == 0)
        #expect(browser.processGroup.waitUntilGone(until: .now + .seconds(10)))
        do {
            _ = try page.evaluate("1")
            Issue.record("a dead browser answered")
        } catch {
            guard case .devTools(.browserExited(let status, _)) = error else {
                Issue.record("unexpected error: \(error)")
                return
            }
            #expect(status == .signalled(SIGKILL))
            #expect(error.description.hasPrefix("the browser exited (signal 9)"))
        }
        browser.close()
        #expect(browser.processGroup.livingMembers.isEmpty)
        #expect(!exists(browser.profilePath))
    }
}

/// Everything that is not a browser gives one sentence, and leaves nothing behind.
@Suite struct BrowserStartFailureTests {
    let parent: TemporaryFolder
    let fixtures: Fixtures

    init() throws {
        parent = try TemporaryFolder(prefix: "pv-web-test")
        fixtures = try Fixtures()
    }

    @Test func aMissingProgram() {
        let expected = BrowserError.cannotStart(ChildProcessError(path: "/no/such/browser", errno: .noSuchFileOrDirectory))
        #expect(throws: expected) { try Browser(executable: "/no/such/browser", profileParent: parent.path) }
        #expect(expected.description == "cannot start /no/such/browser: No such file or directory")
        #expect(folderIsEmpty(parent.path))
    }

    @Test func aProgramThatExitsAtOnce() {
        let expected = BrowserError.notABrowser(path: "/bin/true", status: .exited(0), lastError: nil)
        #expect(throws: expected) { try Browser(executable: "/bin/true", profileParent: parent.path) }
        #expect(expected.description == "/bin/true is not a browser: it exited (status 0) before answering on the DevTools pipe")
        #expect(folderIsEmpty(parent.path))
    }

    @Test func aProgramThatExitsLeavingAChildBehindTakesItAlong() throws {
        // The script's background child would live on by itself; it is in the script's group.
        try fixtures.write(
            "exits.sh", "#!/bin/sh\nsleep 1000 &\necho $! > \"$(dirname \"$0\")/child\"\necho 'no browser here' >&2\nexit 3\n",
            mode: .ownerReadWriteExecute)
        let path = fixtures.folder.path + "/exits.sh"
        #expect(throws: BrowserError.notABrowser(path: path, status: .exited(3), lastError: "no browser here")) {
            try Browser(executable: path, profileParent: parent.path)
        }
        let child = try #require(fixtures.read("child").flatMap { pid_t($0.split(separator: "\n").first ?? "") })
        #expect(!ProcessGroupMember.isRunning(child))
        #expect(folderIsEmpty(parent.path))
    }

    @Test func aProgramThatNeverAnswers() throws {
        try fixtures.write(
            "silent.sh", "#!/bin/sh\necho $$ > \"$(dirname \"$0\")/group\"\nsleep 1000 &\necho $! > \"$(dirname \"$0\")/child\"\nwait\n",
            mode: .ownerReadWriteExecute)
        let path = fixtures.folder.path + "/silent.sh"
        let expected = BrowserError.noAnswer(path: path, after: .milliseconds(500))
        let start = ContinuousClock.now
        #expect(throws: expected) { try Browser(executable: path, startTimeout: .milliseconds(500), profileParent: parent.path) }
        #expect(ContinuousClock.now - start < .seconds(8))
        #expect(expected.description == "\(path) did not answer within 0.5 s")
        let group = try #require(fixtures.read("group").flatMap { pid_t($0.split(separator: "\n").first ?? "") })
        let child = try #require(fixtures.read("child").flatMap { pid_t($0.split(separator: "\n").first ?? "") })
        #expect(ProcessGroup(id: group).livingMembers.isEmpty)
        #expect(!ProcessGroupMember.isRunning(group) && !ProcessGroupMember.isRunning(child))
        #expect(folderIsEmpty(parent.path))
    }

    @Test func nothingFoundOnThePath() throws {
        let empty = try TemporaryFolder(prefix: "pv-web-test")
        #expect(throws: BrowserError.notFound) { try BrowserLocator.locate(searchPath: empty.path) }
        #expect(
            BrowserError.notFound.description
                == "no headless Chromium found: apt-get install chromium-headless-shell, or name one with --browser")
        // The headless shell is preferred to a full chromium, wherever each is on the path.
        let fake = try Fixtures()
        try fake.write("chromium", "#!/bin/sh\n", mode: .ownerReadWriteExecute)
        #expect(try BrowserLocator.locate(searchPath: "\(empty.path):\(fake.folder.path)") == fake.folder.path + "/chromium")
        #expect(try BrowserLocator.locate(searchPath: "\(fake.folder.path):/usr/bin") == "/usr/bin/chromium-headless-shell")
        #expect(try BrowserLocator.locate(named: "/opt/mine", searchPath: empty.path) == "/opt/mine")
        // A bare name is looked up on the path, as a shell would (it was run from the working
        // folder); one found nowhere is kept as typed, for the error to name.
        #expect(
            try BrowserLocator.locate(named: "chromium", searchPath: "\(empty.path):\(fake.folder.path)") == fake.folder.path + "/chromium")
        #expect(try BrowserLocator.locate(named: "nonesuch", searchPath: fake.folder.path) == "nonesuch")
    }
}

/// Whether one process runs, read from /proc apart from the code under test.
enum ProcessGroupMember {
    static func isRunning(_ pid: pid_t) -> Bool {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return false }
        let state = text[text.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }
}
