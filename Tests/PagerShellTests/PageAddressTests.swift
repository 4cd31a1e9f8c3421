import Testing

@testable import PagerShell

/// What `--url` accepts: files and pages of this machine, never the network.
@Suite struct PageAddressTests {
    static func address(_ text: String) throws -> PageAddress {
        try PageAddress(text, workingDirectory: "/work/site")
    }

    static func mistake(_ text: String) -> String? {
        do {
            _ = try address(text)
            return nil
        } catch {
            return (error as? UsageError)?.message
        }
    }

    @Test func pathsBecomeFileURLs() throws {
        let relative = try Self.address("pages/a b.html")
        #expect(relative.url == "file:///work/site/pages/a%20b.html")
        #expect(relative.file == "/work/site/pages/a b.html")
        #expect(relative.artifact == "pages/a b.html")
        let outside = try Self.address("/srv/../srv/./x.html")
        #expect(outside.url == "file:///srv/x.html")
        #expect(outside.artifact == "srv/x.html")
        #expect(try Self.address("caf\u{E9}.html").url == "file:///work/site/caf%C3%A9.html")
    }

    @Test func fileAndLocalWebAddresses() throws {
        let file = try Self.address("file:///work/site/a%20b.html?x=1#top")
        #expect(file.url == "file:///work/site/a%20b.html?x=1#top")
        #expect(file.file == "/work/site/a b.html")
        #expect(file.artifact == "a b.html")
        #expect(try Self.address("file://localhost/srv/x.html").file == "/srv/x.html")
        let web = try Self.address("HTTP://127.0.0.1:8080/docs/carousel.html?q=1")
        #expect(web.url == "http://127.0.0.1:8080/docs/carousel.html?q=1")
        #expect(web.file == nil)
        #expect(web.artifact == "docs/carousel.html")
        #expect(try Self.address("https://user@localhost/").artifact == "index.html")
    }

    @Test func everythingElseIsAMistake() {
        #expect(Self.mistake("  ") == "--url needs an address or a file")
        #expect(Self.mistake("file:relative.html") == "--url: a file address starts file:// (file:///path/to/page.html)")
        #expect(Self.mistake("file://server/share/x.html")?.hasPrefix("--url: a file address names a file of this machine") == true)
        #expect(Self.mistake("file://") == "--url: the file address names no file")
        #expect(Self.mistake("http:example.com") == "--url: a web address starts http://")
        #expect(Self.mistake("https://example.com/")?.hasPrefix("--url: PagerVoice fetches nothing from the network") == true)
        #expect(Self.mistake("http://[::1]/x.html")?.hasPrefix("--url: PagerVoice fetches nothing from the network") == true)
        #expect(
            Self.mistake("javascript:alert(1)")
                == "--url: only file: and http(s): addresses of this machine can be audited, not 'javascript'")
        #expect(Self.mistake("data:text/html,x")?.hasSuffix("not 'data'") == true)
    }

    @Test func aOneLetterSchemeIsAPath() throws {
        #expect(try Self.address("C:/x.html").url == "file:///work/site/C%3A/x.html")
    }

    @Test func aMissingFileOrAFolderIsSaid() throws {
        #expect(try Self.address("/nonexistent/x.html").fileProblem() == "cannot open /nonexistent/x.html: No such file or directory")
        #expect(try Self.address("/tmp").fileProblem() == "cannot audit /tmp: it is a folder, not a page")
        #expect(try Self.address("http://127.0.0.1/").fileProblem() == nil)
        // A named pipe is refused at once; the browser waited 10 s for it to finish loading.
        #expect(
            try Self.address("/dev/null").fileProblem() == "cannot audit /dev/null: it is not a regular file (a named pipe or a device)")
    }

    /// A password in the address is not printed or written to a report.
    @Test func aPasswordInTheAddressIsNotShown() throws {
        #expect(try Self.address("http://me:secret@127.0.0.1:8080/x.html").given == "http://me:…@127.0.0.1:8080/x.html")
        #expect(try Self.address("http://me:secret@127.0.0.1:8080/x.html").url == "http://me:secret@127.0.0.1:8080/x.html")
        #expect(try Self.address("http://127.0.0.1:8080/a:b@c").given == "http://127.0.0.1:8080/a:b@c")
        #expect(try Self.address("page.html").given == "page.html")
        // Nor in an error that names the address the browser opened.
        let address = try Self.address("http://me:secret@127.0.0.1:8080/x.html")
        #expect(
            address.shown("the server answered 401 for http://me:secret@127.0.0.1:8080/x.html, so there is no page to audit")
                == "the server answered 401 for http://me:…@127.0.0.1:8080/x.html, so there is no page to audit")
    }

    /// Loopback by another name is refused with the two names that are let through: "serve
    /// the page on this machine" told someone serving it on [::1] to do what they had done.
    @Test func loopbackByAnotherNameIsToldWhichNamesWork() {
        #expect(Self.mistake("http://[::1]:8765/x.html")?.contains("127.0.0.1 or localhost only") == true)
    }
}
