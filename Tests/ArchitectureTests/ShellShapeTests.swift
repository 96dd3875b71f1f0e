import Foundation
import Testing

/// The shell's shape (docs/architecture.md, "The shell"): a thin runtime, panels that speak to it
/// only through their results, one state changed by one reducer.
@Suite("Shell shape")
struct ShellShapeTests {
    static let shell = ArchitectureTests.root.appendingPathComponent("Sources/Shell")

    static func text(_ path: String) throws -> String {
        try String(contentsOf: shell.appendingPathComponent(path), encoding: .utf8)
    }

    /// The Swift files under a folder of the shell, by path, with their text.
    static func files(under folder: String) throws -> [(path: String, text: String)] {
        let base = shell.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: base.path).filter { $0.hasSuffix(".swift") }
        return try names.sorted().map { ("\(folder)/\($0)", try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// 147 lines before the state timeline, whose recording after each action and whose rewind
    /// (one more effect, carried out by `ModuleRewind`) added the rest: the bar moves only when an
    /// effect is added, and what the effect does lives in its own type.
    @Test("AppShell, the runtime, stays under 170 lines: it carries out effects and decides nothing")
    func thinRuntime() throws {
        let lines = try Self.text("AppShell.swift").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines < 170, "AppShell.swift has \(lines) lines")
    }

    @Test("no panel holds or names the shell: panels answer with a PanelKeyResult")
    func panelsKnowNoShell() throws {
        let panels = try Self.files(under: "Panels")
        #expect(panels.count >= 5, "the panels folder was not found")
        for panel in panels {
            #expect(!panel.text.contains("AppShell"), "\(panel.path) names AppShell")
            #expect(!panel.text.contains("ModuleHost"), "\(panel.path) names the module host")
        }
    }

    @Test("only the reducer assigns the shell's state; the runtime's one mutation is reduce(&state, …)")
    func oneReducer() throws {
        let runtime = try Self.text("AppShell.swift")
        let writes = runtime.split(separator: "\n").filter { $0.contains("state.") && $0.contains(" = ") }
        #expect(writes.isEmpty, "AppShell writes its state: \(writes)")
        #expect(runtime.contains("ShellReducer.reduce(&state"))
        for file in try Self.files(under: "Drawing") {
            #expect(!file.text.contains("inout ShellState"), "\(file.path) takes the state inout")
        }
    }
}
