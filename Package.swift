// swift-tools-version:6.0
import PackageDescription

// The architecture of docs/ARCHITECTURE.md: a pure model (PagerCore), speech at one edge
// (PagerSpeech over eSpeak NG and pcaudiolib), the terminal at the other (PagerShell, driven by the
// `pagervoice` executable). Data flows one way: line -> action -> model -> events -> text/JSON + speech.
let package = Package(
    name: "PagerVoice",
    products: [
        .library(name: "PagerCore", targets: ["PagerCore"]),
        .library(name: "PagerSpeech", targets: ["PagerSpeech"]),
        .library(name: "PagerListen", targets: ["PagerListen"]),
        .executable(name: "pagervoice", targets: ["pagervoice"]),
        .executable(name: "pagervoice-bench", targets: ["PagerBench"]),
        .executable(name: "pagervoice-soak", targets: ["PagerSoak"]),
        .executable(name: "pagervoice-fuzz", targets: ["PagerFuzz"]),
    ],
    // The two Swift packages the ecosystem standardises on for what we need: a command line and
    // typed file descriptors. By their real URLs; offline machines resolve them through mirrors
    // (`make test SWIFTPM_MIRRORS=DIR`, scripts/use-mirrors.sh), never through a committed path.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.7.0"),
    ],
    targets: [
        // Pure state model: pager, dots, motion, accessibility, spoken strings. No I/O.
        // Links libm itself: `rounded()` and friends call into it, and without Foundation nothing
        // else would pull it in.
        .target(name: "PagerCore", linkerSettings: [.linkedLibrary("m")]),

        // C libraries from Debian, wrapped thinly (swift-system style) in PagerSpeech/PagerShell.
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        .systemLibrary(
            name: "CPCAudio",
            providers: [.apt(["libpcaudio-dev"])]
        ),
        // libpulse (asynchronous and simple APIs): PulseAudio connections with a deadline, our own
        // low-latency playback stream, and the record stream voice commands listen on.
        // No pkgConfig: libpulse-simple.pc adds -D_REENTRANT and -pthread, which SwiftPM prohibits
        // (a warning on every build); the headers are in the default path and the modulemap links
        // both libraries.
        .systemLibrary(
            name: "CPulse",
            providers: [.apt(["libpulse-dev"])]
        ),
        // libspeechd's header (libspeechd-dev): speech through the user's own speech-dispatcher
        // (`--audio speechd`). Types only: the library is opened with dlopen when a connection is
        // first made, not linked (SpeechDispatcherRaw.swift says why).
        .systemLibrary(
            name: "CSpeechd",
            providers: [.apt(["libspeechd-dev"])]
        ),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // zlib's inflate, for the PNG screenshots the browser sends (PagerWeb decodes them itself).
        // No pkgConfig: zlib.pc adds nothing the default paths lack.
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // The system layer: threads of our own (name, stack size) without Foundation, which would
        // otherwise be linked into pagervoice for `Thread` alone and slow every start; calls
        // retried when interrupted, the environment, dlopen, child processes, and where output
        // may go (OutputFile) with the raw directory calls it needs. Each written once.
        .target(name: "PagerSystem", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),

        // A headless Chromium driven over its DevTools pipe, for auditing real pages: the browser
        // process and its profile, the protocol, a page (load, script, keys, clicks, screenshots,
        // the accessibility tree), and the carousel probe that measures a widget into PagerAudit's
        // facts. No network: only file:// and the local machine are fetched.
        .target(
            name: "PagerWeb",
            dependencies: ["PagerCore", "PagerAudit", "PagerSystem", "CZlib", .product(name: "SystemPackage", package: "swift-system")]
        ),

        // eSpeak NG on one owned thread, audio sinks, the announcement queue.
        .target(
            name: "PagerSpeech",
            dependencies: [
                "CEspeakNG", "CPCAudio", "CPulse", "CSpeechd", "PagerSystem", .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),

        // Voice commands: PulseAudio capture or a WAV file, PocketSphinx on one owned thread; word
        // lists in, phrases out (never reads the model). PocketSphinx 5prealpha (Debian
        // libpocketsphinx3, with the US English model from pocketsphinx-en-us) is opened with
        // dlopen when a recogniser is first made, not linked (PocketSphinxRaw.swift says why).
        .target(
            name: "PagerListen",
            dependencies: ["CPulse", "PagerSystem", .product(name: "SystemPackage", package: "swift-system")]
        ),

        // The audit's rules over facts, and its report formats (text, JSON, SARIF, HTML): the
        // facts come from the model, driven through every action, or from a real page measured
        // in a browser (PagerWeb); the same rules judge both. Pure: imports PagerCore only.
        .target(name: "PagerAudit", dependencies: ["PagerCore"]),

        // The terminal edge: argument and command parsing, the session, rendering, verify, and the
        // audit command.
        .target(
            name: "PagerShell",
            dependencies: [
                "PagerCore", "PagerAudit", "PagerWeb", "PagerSpeech", "PagerListen", "PagerSystem", "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),

        .executableTarget(name: "pagervoice", dependencies: ["PagerShell"]),
        // `make bench`, `make soak`: they drive the release `pagervoice` as a child process with
        // the same spawning code the end-to-end tests use (PagerTestSupport).
        .executableTarget(
            name: "PagerBench", dependencies: ["PagerCore", "PagerSpeech", "PagerShell", "PagerListen", "PagerTestSupport"]),
        .executableTarget(name: "PagerSoak", dependencies: ["PagerCore", "PagerShell", "PagerTestSupport"]),
        // `make fuzz`: libFuzzer entry point when built with -DFUZZING (scripts/fuzz.sh); an
        // ordinary build replays saved inputs through the same checks.
        .executableTarget(name: "PagerFuzz", dependencies: ["PagerCore", "PagerSpeech", "PagerShell", "PagerTestSupport"]),

        .testTarget(name: "PagerCoreTests", dependencies: ["PagerCore", "PagerTestSupport"]),
        // Child processes, temporary folders and the exit cleanup, against real processes. The
        // probe is a program of ours to signal and watch die: cleanup on a signal cannot be
        // tested inside the test process without killing it.
        .testTarget(name: "PagerSystemTests", dependencies: ["PagerSystem", "PagerCleanupProbe"]),
        .executableTarget(name: "PagerCleanupProbe", dependencies: ["PagerSystem"], path: "Tests/PagerCleanupProbe"),
        // The browser layer against a real headless Chromium (chromium-headless-shell).
        .testTarget(name: "PagerWebTests", dependencies: ["PagerWeb", "PagerCore", "PagerSystem", "CZlib"]),
        // Fixtures shared by test targets: a private PulseAudio server with a null sink, WAV parsing.
        .target(name: "PagerTestSupport", dependencies: ["PagerSpeech"], path: "Tests/PagerTestSupport"),

        .testTarget(name: "PagerSpeechTests", dependencies: ["PagerSpeech", "PagerCore", "PagerSystem", "PagerTestSupport"]),
        .testTarget(name: "PagerListenTests", dependencies: ["PagerListen", "PagerTestSupport"]),
        .testTarget(name: "PagerAuditTests", dependencies: ["PagerAudit", "PagerCore", "PagerShell", "PagerTestSupport"]),
        .testTarget(name: "PagerShellTests", dependencies: ["PagerShell", "PagerCore", "PagerSystem", "PagerTestSupport"]),
        // Runs the built `pagervoice` executable; depends on it so `swift test` builds it first.
        .testTarget(name: "EndToEndTests", dependencies: ["pagervoice", "PagerTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
