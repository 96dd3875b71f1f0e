// swift-tools-version: 6.2
// mvx — the four iOS architecture patterns side by side, live, in a terminal.
//
// One target per layer, grouped in folders by what they hold (see docs/architecture.md):
//   Sources/Patterns    the lesson: MVC | MVP | MVVM | VIPER (never importing each other), the
//                       contract they implement (Mediator), the screens' views they share
//                       (ScreenViews) and the names every layer shares (PatternVocabulary)
//   Sources/Data        what the patterns sit on: Model, Networking, FakeServer, ModelServices
//   Sources/TerminalUI  a small UIKit for the terminal: Widgets → Terminal → the C targets
//   Sources/App         the app: Shell, AppComposition (the composition root), mvx (the command line)
//   Sources/Instruments what watches and measures the lesson: Tracing, ObjectGraph, Sessions,
//                       CodeMetrics and the embedded sources it counts
//   Sources/BuildTools  run by the build or by make, never by mvx
//   Sources/SafeFiles   the one way any layer makes, writes and reads a file (a leaf)
//   Sources/mvx-bench   `make bench`
// Every arrow points down: mvx → AppComposition → Shell → Mediator ← pattern modules →
// ScreenViews → Widgets → Terminal; pattern modules → ModelServices → Networking → Model.
// Each target lists exactly the modules its sources import, no more: `make test` builds with
// --explicit-target-dependency-import-check error, and TargetDiagramTests compares these lists
// with the import lines and with the diagram in docs/architecture.md.
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
        // MARK: Sources/Patterns — the lesson
        // The shared names (leaf): PatternID, ScreenID, Role.
        .target(name: "PatternVocabulary", path: "Sources/Patterns/PatternVocabulary", swiftSettings: strict),
        // Between modules: casatwy's Mediator, the registry every pattern module is built through.
        .target(
            name: "Mediator",
            dependencies: ["PatternVocabulary", "Widgets", "Model", "Networking", "Tracing"],
            path: "Sources/Patterns/Mediator",
            swiftSettings: strict
        ),
        // The screens' views, shared by every pattern (as custom UIViews are in an iOS app).
        .target(name: "ScreenViews", dependencies: ["Terminal", "Widgets"], path: "Sources/Patterns/ScreenViews",
                swiftSettings: strict),
        // The four pattern modules (never import each other).
        .target(name: "MVC", dependencies: patternDependencies, path: "Sources/Patterns/MVC", swiftSettings: strict),
        .target(name: "MVP", dependencies: patternDependencies, path: "Sources/Patterns/MVP", swiftSettings: strict),
        .target(name: "MVVM", dependencies: patternDependencies, path: "Sources/Patterns/MVVM", swiftSettings: strict),
        .target(name: "VIPER", dependencies: patternDependencies, path: "Sources/Patterns/VIPER", swiftSettings: strict),

        // MARK: Sources/Data — the shared model, casatwy's network layer and the fake server behind it
        .target(name: "Model", dependencies: ["Tracing"], path: "Sources/Data/Model", swiftSettings: strict),
        .target(
            name: "Networking",
            dependencies: [
                "Model", "Tracing", "PatternVocabulary", "SafeFiles",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            path: "Sources/Data/Networking",
            swiftSettings: strict
        ),
        .target(
            name: "FakeServer",
            dependencies: ["Model", "Networking", "Tracing", "SafeFiles"],
            path: "Sources/Data/FakeServer",
            exclude: ["Fixtures"],
            swiftSettings: strict,
            plugins: ["FixtureEmbedPlugin"]
        ),
        // What every pattern asks of the model layer alike: the reformers, the picture service, the
        // network status, and the one translation of the network layer's errors.
        .target(name: "ModelServices", dependencies: ["Model", "Networking", "Tracing"], path: "Sources/Data/ModelServices",
                swiftSettings: strict),

        // MARK: Sources/TerminalUI — the terminal and a small UIKit on it
        // No pkgConfig: Debian's ncursesw.pc adds -D flags SwiftPM refuses (a warning on every build);
        // shim.h defines what they did and includes curses by platform (ncurses-linux.h, ncurses-macos.h).
        // A module map cannot link by platform, so Terminal's linkerSettings name the libraries.
        // scripts/install-deps installs libncursesw5-dev where the headers are missing.
        .systemLibrary(name: "CNcursesw", path: "Sources/TerminalUI/CNcursesw"),
        // The terminal's restoration after a crash or exit(): state a signal handler may read, so in C.
        .target(name: "TerminalRestore", path: "Sources/TerminalUI/TerminalRestore"),
        .target(
            name: "Terminal",
            dependencies: ["CNcursesw", "TerminalRestore"],
            path: "Sources/TerminalUI/Terminal",
            swiftSettings: strict,
            linkerSettings: [.linkedLibrary("ncursesw", .when(platforms: [.linux])),
                             .linkedLibrary("tinfo", .when(platforms: [.linux])),
                             .linkedLibrary("ncurses", .when(platforms: [.macOS]))]
        ),
        .target(name: "Widgets", dependencies: ["Terminal", "Tracing"], path: "Sources/TerminalUI/Widgets", swiftSettings: strict),

        // MARK: Sources/App — the shell, the composition root and the command line
        .target(
            name: "Shell",
            dependencies: ["Mediator", "PatternVocabulary", "Widgets", "Terminal", "Tracing", "Model", "Networking",
                           "FakeServer", "SourceCatalog", "SourceIndex", "CodeMetrics", "ObjectGraph", "Tour"],
            path: "Sources/App/Shell",
            swiftSettings: strict
        ),
        // The composition root: registers the four patterns, wires the network, the tracer and the
        // shell; used by mvx, mvx-bench and the tests alike.
        .target(
            name: "AppComposition",
            dependencies: [
                "Shell", "Sessions", "Mediator", "MVC", "MVP", "MVVM", "VIPER", "FakeServer", "Networking", "Model",
                "Tracing", "Terminal", "PatternVocabulary", "SafeFiles",
            ],
            path: "Sources/App/AppComposition",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "mvx",
            dependencies: [
                "AppComposition", "Shell", "Sessions", "Mediator", "FakeServer", "Networking", "Terminal", "CodeMetrics",
                "PatternVocabulary", "SafeFiles", "Tour", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/App/mvx",
            swiftSettings: strict
        ),

        // MARK: Sources/Instruments — what records, replays and measures the lesson
        .target(
            name: "Tracing",
            dependencies: ["PatternVocabulary", "SafeFiles", .product(name: "DequeModule", package: "swift-collections")],
            path: "Sources/Instruments/Tracing",
            swiftSettings: strict
        ),
        // What the live objects hold (leaf): reflection for the ownership panel and the state timeline.
        .target(name: "ObjectGraph", path: "Sources/Instruments/ObjectGraph", swiftSettings: strict),
        // The guided tour: its file format, the shipped tour (embedded from mvx.tour), the matcher
        // that checks a step against the trace, and the learner's progress in the data folder.
        .target(
            name: "Tour",
            dependencies: ["PatternVocabulary", "Tracing", "SafeFiles"],
            path: "Sources/Instruments/Tour",
            resources: [.embedInCode("mvx.tour")],
            swiftSettings: strict
        ),
        // Sessions (the file format, saving, playing, conform) and key scripts replayed on headless
        // shells, with what they print: mvx trace, compare, diagrams. FakeServer checks a session's
        // network options with its parsers before any key is played; Networking's strict JSON parser
        // names a duplicate key in a session line; SafeFiles writes and reads the files.
        .target(
            name: "Sessions",
            dependencies: ["Shell", "Mediator", "PatternVocabulary", "Terminal", "Tracing", "FakeServer", "Networking",
                           "SafeFiles", "Tour"],
            path: "Sources/Instruments/Sessions",
            swiftSettings: strict
        ),
        // The project's own sources, embedded at build time (source pane, metrics). The index's model
        // and its content hash (leaf): what the indexer writes, the generator checks and the
        // catalogue decodes, declared once.
        .target(name: "SourceIndex", path: "Sources/Instruments/SourceIndex", swiftSettings: strict),
        .target(name: "SourceCatalog", dependencies: ["SourceIndex"], path: "Sources/Instruments/SourceCatalog",
                swiftSettings: strict, plugins: ["SourceCatalogPlugin"]),
        // Files, code lines, types, tests per role and Orlov's criteria, counted from the catalogue.
        // The pattern cards' words (`i`), one file per pattern, embedded; their figures are filled from the report.
        .target(name: "CodeMetrics", dependencies: ["PatternVocabulary", "SourceCatalog", "SourceIndex"],
                path: "Sources/Instruments/CodeMetrics",
                resources: [.embedInCode("Cards/mvc.card"), .embedInCode("Cards/mvp.card"),
                            .embedInCode("Cards/mvvm.card"), .embedInCode("Cards/viper.card")],
                swiftSettings: strict),

        // MARK: Sources/BuildTools — run by the build's plugins or by make, never by mvx
        .plugin(name: "SourceCatalogPlugin", capability: .buildTool(), dependencies: ["SourceCatalogGenerator"]),
        .executableTarget(name: "SourceCatalogGenerator", dependencies: ["SourceIndex"],
                          path: "Sources/BuildTools/SourceCatalogGenerator", swiftSettings: strict),
        .plugin(name: "FixtureEmbedPlugin", capability: .buildTool(), dependencies: ["FixtureEmbedder"]),
        .executableTarget(name: "FixtureEmbedder", path: "Sources/BuildTools/FixtureEmbedder", swiftSettings: strict),
        // Parses every source with swift-syntax into source-index.tsv (`make index`), which the generator
        // embeds: the build itself never compiles the parser, and mvx does not link it.
        .executableTarget(
            name: "SourceIndexer",
            dependencies: ["SourceIndex", .product(name: "SwiftSyntax", package: "swift-syntax"),
                           .product(name: "SwiftParser", package: "swift-syntax")],
            path: "Sources/BuildTools/SourceIndexer",
            swiftSettings: strict
        ),

        // MARK: Sources/SafeFiles — files (leaf): the one way mvx makes, writes and reads them, never through a planted link
        .target(name: "SafeFiles", path: "Sources/SafeFiles", swiftSettings: strict),

        // MARK: Sources/mvx-bench — `make bench`
        .executableTarget(
            name: "mvx-bench",
            dependencies: ["AppComposition", "Shell", "Sessions", "Mediator", "FakeServer", "Networking", "ModelServices",
                           "Model", "Tracing", "Terminal", "Widgets", "PatternVocabulary", "ObjectGraph"],
            path: "Sources/mvx-bench",
            swiftSettings: strict
        ),

        // MARK: Tests
        // What the test targets share (the fake network, waiting for it to settle); no product uses it.
        .target(
            name: "TestSupport",
            dependencies: ["Model", "ModelServices", "Networking", "FakeServer", "Tracing",
                           .product(name: "Clocks", package: "swift-clocks")],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"], swiftSettings: strict),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "Terminal", "Tracing"], swiftSettings: strict),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph"], swiftSettings: strict),
        .testTarget(name: "TracingTests", dependencies: ["Tracing", "PatternVocabulary"], swiftSettings: strict),
        .testTarget(name: "SafeFilesTests", dependencies: ["SafeFiles"], swiftSettings: strict),
        .testTarget(name: "TourTests", dependencies: ["Tour", "Tracing", "PatternVocabulary"], swiftSettings: strict),
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
            dependencies: ["Networking", "FakeServer", "ModelServices", "Model", "Tracing", "TestSupport",
                           .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ShellTests",
            dependencies: ["AppComposition", "Shell", "Sessions", "Mediator", "MVC", "MVP", "FakeServer", "Networking", "Model",
                           "Tracing", "Terminal", "Widgets", "ScreenViews", "SourceCatalog", "CodeMetrics", "PatternVocabulary",
                           "ObjectGraph", "Tour", "TestSupport", .product(name: "Clocks", package: "swift-clocks")],
            exclude: ["Goldens"],
            swiftSettings: strict
        ),
        // Unit tests of one pattern each: the pattern's module and what its tests build on, never another pattern.
        .testTarget(
            name: "MVCTests",
            dependencies: ["MVC", "Mediator", "ScreenViews", "Widgets", "Terminal", "Model", "Networking", "ModelServices",
                           "FakeServer", "TestSupport", .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MVPTests",
            dependencies: ["MVP", "Widgets", "Model", "Networking", "ModelServices", "FakeServer", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MVVMTests",
            dependencies: ["MVVM", "ScreenViews", "Widgets", "Model", "Networking", "ModelServices", "FakeServer", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VIPERTests",
            dependencies: ["VIPER", "Mediator", "Widgets", "Terminal", "Model", "Networking", "ModelServices", "TestSupport",
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
    ["Mediator", "ScreenViews", "Widgets", "Terminal", "Model", "Networking", "ModelServices", "Tracing", "PatternVocabulary"]
}
