// swift-tools-version: 6.2
// mvx — the four iOS architecture patterns side by side, live, in a terminal.
//
// One target per layer; every arrow points down:
//   mvx (executable) → Shell → Mediator ← MVC | MVP | MVVM | VIPER (pattern modules)
//   pattern modules → ScreenViews → Widgets → Terminal → CNcursesw + TerminalRestore (the C targets)
//   pattern modules → Reformers → Networking → Model;  FakeServer → Networking
//   everything may record into Tracing; Tracing, Mediator and CodeMetrics name patterns, screens
//   and roles with PatternVocabulary, a leaf that depends on nothing. Every file is made, written
//   and read through SafeFiles, another leaf.
// Each target lists exactly the modules its sources import, no more: `make test` builds with
// --explicit-target-dependency-import-check error, and TargetDiagramTests compares these lists
// with the import lines and with the diagram in docs/architecture.md.
// See docs/architecture.md for the picture and the reasons.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "mvx",
    platforms: [.macOS("26.0")],
    products: [
        .executable(name: "mvx", targets: ["mvx"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        // Only SourceIndexer (run by make, not by the build) and the test that checks its index link it.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    ],
    targets: [
        // MARK: Terminal and widgets
        // No pkgConfig: Debian's ncursesw.pc adds -D flags SwiftPM refuses (a warning on every build);
        // shim.h defines what they did and includes curses by platform (ncurses-linux.h, ncurses-macos.h).
        // A module map cannot link by platform, so Terminal's linkerSettings name the libraries.
        // scripts/install-deps installs libncursesw5-dev where the headers are missing.
        .systemLibrary(name: "CNcursesw"),
        // The terminal's restoration after a crash or exit(): state a signal handler may read, so in C.
        .target(name: "TerminalRestore"),
        .target(
            name: "Terminal", dependencies: ["CNcursesw", "TerminalRestore"], swiftSettings: strict,
            linkerSettings: [.linkedLibrary("ncursesw", .when(platforms: [.linux])),
                             .linkedLibrary("tinfo", .when(platforms: [.linux])),
                             .linkedLibrary("ncurses", .when(platforms: [.macOS]))]
        ),
        .target(name: "Widgets", dependencies: ["Terminal", "Tracing"], swiftSettings: strict),

        // MARK: The project's own sources, embedded at build time (source pane, metrics)
        // The index's model and its content hash (leaf): what the indexer writes, the generator
        // checks and the catalogue decodes, declared once.
        .target(name: "SourceIndex", swiftSettings: strict),
        .target(name: "SourceCatalog", dependencies: ["SourceIndex"], swiftSettings: strict, plugins: ["SourceCatalogPlugin"]),
        .plugin(name: "SourceCatalogPlugin", capability: .buildTool(), dependencies: ["SourceCatalogGenerator"]),
        .executableTarget(name: "SourceCatalogGenerator", dependencies: ["SourceIndex"], swiftSettings: strict),
        .plugin(name: "FixtureEmbedPlugin", capability: .buildTool(), dependencies: ["FixtureEmbedder"]),
        .executableTarget(name: "FixtureEmbedder", swiftSettings: strict),
        // Parses every source with swift-syntax into source-index.tsv (`make index`), which the generator
        // embeds: the build itself never compiles the parser, and mvx does not link it.
        .executableTarget(
            name: "SourceIndexer",
            dependencies: ["SourceIndex", .product(name: "SwiftSyntax", package: "swift-syntax"),
                           .product(name: "SwiftParser", package: "swift-syntax")],
            swiftSettings: strict
        ),
        // Files, code lines, types, tests per role and Orlov's criteria, counted from the catalogue.
        .target(name: "CodeMetrics", dependencies: ["PatternVocabulary", "SourceCatalog", "SourceIndex"], swiftSettings: strict),

        // MARK: What the live objects hold (leaf): reflection for the ownership panel and the state timeline
        .target(name: "ObjectGraph", swiftSettings: strict),

        // MARK: The shared names (leaf): PatternID, ScreenID, Role
        .target(name: "PatternVocabulary", swiftSettings: strict),

        // MARK: Files (leaf): the one way mvx makes, writes and reads its files, never through a planted link
        .target(name: "SafeFiles", swiftSettings: strict),

        // MARK: Tracing
        .target(
            name: "Tracing",
            dependencies: ["PatternVocabulary", "SafeFiles", .product(name: "DequeModule", package: "swift-collections")],
            swiftSettings: strict
        ),

        // MARK: Shared model and fake network
        .target(name: "Model", dependencies: ["Tracing"], swiftSettings: strict),
        .target(
            name: "Networking",
            dependencies: [
                "Model", "Tracing", "PatternVocabulary", "SafeFiles",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "FakeServer",
            dependencies: ["Model", "Networking", "Tracing", "SafeFiles"],
            exclude: ["Fixtures"],
            swiftSettings: strict,
            plugins: ["FixtureEmbedPlugin"]
        ),
        .target(name: "Reformers", dependencies: ["Model", "Networking", "Tracing"], swiftSettings: strict),

        // MARK: The screens' views, shared by every pattern (as custom UIViews are in an iOS app)
        .target(name: "ScreenViews", dependencies: ["Terminal", "Widgets"], swiftSettings: strict),

        // MARK: Between modules
        .target(
            name: "Mediator",
            dependencies: ["PatternVocabulary", "Widgets", "Model", "Networking", "Tracing"],
            swiftSettings: strict
        ),

        // MARK: The four pattern modules (never import each other)
        .target(name: "MVC", dependencies: patternDependencies, path: "Sources/Patterns/MVC", swiftSettings: strict),
        .target(name: "MVP", dependencies: patternDependencies, path: "Sources/Patterns/MVP", swiftSettings: strict),
        .target(name: "MVVM", dependencies: patternDependencies, path: "Sources/Patterns/MVVM", swiftSettings: strict),
        .target(name: "VIPER", dependencies: patternDependencies, path: "Sources/Patterns/VIPER", swiftSettings: strict),

        // MARK: Shell and executable
        .target(
            name: "Shell",
            dependencies: ["Mediator", "PatternVocabulary", "Widgets", "Terminal", "Tracing", "Model", "Networking",
                           "FakeServer", "SourceCatalog", "SourceIndex", "CodeMetrics", "ObjectGraph"],
            swiftSettings: strict
        ),
        // Key scripts replayed on headless shells, and what they print: mvx trace, compare, diagrams.
        // Also FakeServer: a session file's network options are checked with its parsers before any key is played.
        // Networking's strict JSON parser names a duplicate key in a session line; SafeFiles writes and reads the files.
        .target(name: "Replay", dependencies: ["Shell", "Mediator", "PatternVocabulary", "Terminal", "Tracing", "FakeServer",
                                               "Networking", "SafeFiles"],
                swiftSettings: strict),
        // The composition root: registers the four patterns, wires the network, the tracer and the
        // shell; used by mvx, mvx-bench and the tests alike.
        .target(
            name: "AppComposition",
            dependencies: [
                "Shell", "Replay", "Mediator", "MVC", "MVP", "MVVM", "VIPER", "FakeServer", "Networking", "Model",
                "Tracing", "Terminal", "PatternVocabulary", "SafeFiles",
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "mvx",
            dependencies: [
                "AppComposition", "Shell", "Replay", "Mediator", "FakeServer", "Networking", "Terminal", "CodeMetrics",
                "PatternVocabulary", "SafeFiles", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "mvx-bench",
            dependencies: ["AppComposition", "Shell", "Replay", "Mediator", "FakeServer", "Networking", "Reformers", "Model",
                           "Tracing", "Terminal", "Widgets", "PatternVocabulary", "ObjectGraph"],
            path: "Sources/Benchmarks",
            swiftSettings: strict
        ),

        // MARK: Tests
        // What the test targets share (the fake network, waiting for it to settle); no product uses it.
        .target(
            name: "TestSupport",
            dependencies: ["Model", "Reformers", "Networking", "FakeServer", "Tracing",
                           .product(name: "Clocks", package: "swift-clocks")],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"], swiftSettings: strict),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "Terminal", "Tracing"], swiftSettings: strict),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph"], swiftSettings: strict),
        .testTarget(name: "TracingTests", dependencies: ["Tracing", "PatternVocabulary"], swiftSettings: strict),
        .testTarget(name: "SafeFilesTests", dependencies: ["SafeFiles"], swiftSettings: strict),
        // Checks the embedded index against swift-syntax itself, so it links the parser (mvx does not).
        .testTarget(
            name: "SourceCatalogTests",
            dependencies: ["SourceCatalog", "SourceIndex", .product(name: "SwiftSyntax", package: "swift-syntax"),
                           .product(name: "SwiftParser", package: "swift-syntax")],
            swiftSettings: strict
        ),
        .testTarget(name: "CodeMetricsTests", dependencies: ["CodeMetrics", "SourceCatalog", "PatternVocabulary"],
                    swiftSettings: strict),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "FakeServer", "Reformers", "Model", "Tracing", "TestSupport",
                           .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ShellTests",
            dependencies: ["AppComposition", "Shell", "Replay", "Mediator", "MVC", "MVP", "FakeServer", "Networking", "Model",
                           "Tracing", "Terminal", "Widgets", "ScreenViews", "SourceCatalog", "CodeMetrics", "PatternVocabulary",
                           "ObjectGraph", "TestSupport", .product(name: "Clocks", package: "swift-clocks")],
            exclude: ["Goldens"],
            swiftSettings: strict
        ),
        // Unit tests of one pattern each: the pattern's module and what its tests build on, never another pattern.
        .testTarget(
            name: "MVCTests",
            dependencies: ["MVC", "Mediator", "ScreenViews", "Widgets", "Terminal", "Model", "Networking", "Reformers",
                           "FakeServer", "TestSupport", .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MVPTests",
            dependencies: ["MVP", "Widgets", "Model", "Networking", "Reformers", "FakeServer", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MVVMTests",
            dependencies: ["MVVM", "ScreenViews", "Widgets", "Model", "Networking", "Reformers", "FakeServer", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VIPERTests",
            dependencies: ["VIPER", "Mediator", "Widgets", "Terminal", "Model", "Networking", "Reformers", "TestSupport",
                           .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        // The same key scripts against all four patterns, through the headless shell.
        .testTarget(
            name: "AcceptanceTests",
            dependencies: ["AppComposition", "MVC", "MVP", "MVVM", "VIPER", "Mediator", "Shell", "FakeServer", "Networking", "Model",
                           "Tracing", "Widgets", "Terminal", "TestSupport", "PatternVocabulary", .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        // The command line: mvx's quick start against swift-argument-parser's parse.
        .testTarget(
            name: "MVXTests",
            dependencies: ["mvx", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .testTarget(name: "ArchitectureTests", swiftSettings: strict),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], swiftSettings: strict),
    ]
)

var patternDependencies: [Target.Dependency] {
    ["Mediator", "ScreenViews", "Widgets", "Terminal", "Model", "Networking", "Reformers", "Tracing", "PatternVocabulary"]
}
