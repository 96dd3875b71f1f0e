// swift-tools-version: 6.0
// mvx — the four iOS architecture patterns side by side, live, in a terminal.
//
// One target per layer; every arrow points down:
//   mvx (executable) → Shell → Mediator ← MVC | MVP | MVVM | VIPER (pattern modules)
//   pattern modules → Widgets → Terminal → CNcursesw (the only C import)
//   pattern modules → Reformers → Networking → Model;  FakeServer → Networking
//   everything may record into Tracing, which depends on nothing of ours.
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
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    ],
    targets: [
        // MARK: Terminal and widgets
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "Terminal", dependencies: ["CNcursesw"], swiftSettings: strict),
        .target(name: "Widgets", dependencies: ["Terminal", "Tracing"], swiftSettings: strict),

        // MARK: The project's own sources, embedded at build time (source pane, metrics)
        .target(name: "SourceCatalog", swiftSettings: strict, plugins: ["SourceCatalogPlugin"]),
        .plugin(name: "SourceCatalogPlugin", capability: .buildTool(), dependencies: ["SourceCatalogGenerator"]),
        .executableTarget(name: "SourceCatalogGenerator", swiftSettings: strict),
        // Files, code lines, types, tests per role and Orlov's criteria, counted from the catalogue.
        .target(name: "CodeMetrics", dependencies: ["SourceCatalog"], swiftSettings: strict),

        // MARK: Tracing (leaf)
        .target(
            name: "Tracing",
            dependencies: [.product(name: "DequeModule", package: "swift-collections")],
            swiftSettings: strict
        ),

        // MARK: Shared model and fake network
        .target(name: "Model", dependencies: ["Tracing"], swiftSettings: strict),
        .target(
            name: "Networking",
            dependencies: [
                "Model", "Tracing",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "FakeServer",
            dependencies: ["Networking", .product(name: "Crypto", package: "swift-crypto")],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .target(name: "Reformers", dependencies: ["Model", "Networking", "Tracing"], swiftSettings: strict),

        // MARK: The screens' views, shared by every pattern (as custom UIViews are in an iOS app)
        .target(name: "ScreenViews", dependencies: ["Widgets"], swiftSettings: strict),

        // MARK: Between modules
        .target(
            name: "Mediator",
            dependencies: ["Widgets", "Model", "Networking", "Reformers", "Tracing"],
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
            dependencies: ["Mediator", "Widgets", "Terminal", "Tracing", "Model", "Networking", "SourceCatalog", "CodeMetrics"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "mvx",
            dependencies: [
                "Shell", "Mediator", "MVC", "MVP", "MVVM", "VIPER", "FakeServer", "Networking", "Model", "Tracing",
                "Terminal", "CodeMetrics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Clocks", package: "swift-clocks"),  // replays run on an immediate clock
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "mvx-bench",
            dependencies: ["Shell", "Mediator", "MVC", "MVP", "MVVM", "VIPER", "FakeServer", "Networking",
                           "Reformers", "Model", "Tracing", "Terminal", "Widgets"],
            path: "Sources/Benchmarks",
            swiftSettings: strict
        ),

        // MARK: Tests
        // What the test targets share (the fake network, waiting for it to settle); no product uses it.
        .target(
            name: "TestSupport",
            dependencies: ["Networking", "FakeServer", "Tracing", .product(name: "Clocks", package: "swift-clocks")],
            path: "Tests/TestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"], swiftSettings: strict),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "Terminal", "Tracing"], swiftSettings: strict),
        .testTarget(name: "TracingTests", dependencies: ["Tracing"], swiftSettings: strict),
        .testTarget(name: "SourceCatalogTests", dependencies: ["SourceCatalog"], swiftSettings: strict),
        .testTarget(name: "CodeMetricsTests", dependencies: ["CodeMetrics", "SourceCatalog"], swiftSettings: strict),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["Networking", "FakeServer", "Reformers", "Model", "Tracing", "TestSupport",
                           .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ShellTests",
            dependencies: ["Shell", "Mediator", "MVC", "MVP", "MVVM", "VIPER", "FakeServer", "Networking", "Model",
                           "Tracing", "Terminal", "Widgets", "SourceCatalog", "CodeMetrics", "TestSupport",
                           .product(name: "Clocks", package: "swift-clocks")],
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
            dependencies: ["VIPER", "Mediator", "Widgets", "Terminal", "Model", "Networking", "Reformers", "FakeServer",
                           "TestSupport", .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        // The same key scripts against all four patterns, through the headless shell.
        .testTarget(
            name: "AcceptanceTests",
            dependencies: ["MVC", "MVP", "MVVM", "VIPER", "Mediator", "Shell", "FakeServer", "Networking", "Model",
                           "Tracing", "Widgets", "Terminal", "TestSupport", .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: strict
        ),
        .testTarget(name: "ArchitectureTests", swiftSettings: strict),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"], swiftSettings: strict),
    ]
)

var patternDependencies: [Target.Dependency] {
    ["Mediator", "ScreenViews", "Widgets", "Model", "Networking", "Reformers", "Tracing"]
}
