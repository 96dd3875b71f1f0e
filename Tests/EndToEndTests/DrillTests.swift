import Foundation
import Testing

/// Proves every change drill (`Drills/<drill>/`, docs/drills.md): in a scratch copy of the
/// project, the drill's check (`mvx conform check.jsonl`, a session whose lines say what the screen
/// must show) fails on the code as it is, and passes once the drill's patches for all four patterns
/// (and its shared patch) are applied together. A patch that no longer applies, a check that passes
/// without its patch or fails with it fails the test.
///
/// `make test` runs this suite last and alone: its builds take both cores, which beside the rest of
/// the suite pushed tests with one-minute limits past them.
///
/// The copy lives in `.build/drills/` and keeps its build products between drills and between runs:
/// the first build is a whole debug build of `mvx` (minutes), each drill after it an incremental
/// one. Every command has a time limit, so a hung build fails the test instead of the suite.
@Suite("Change drills", .serialized, .timeLimit(.minutes(40)))
struct DrillTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let drillsFolder = root.appendingPathComponent("Drills")
    static let scratch = root.appendingPathComponent(".build/drills")
    static let source = scratch.appendingPathComponent("source")
    static let build = scratch.appendingPathComponent("build")
    /// Applied in this order; a pattern's patch touches only its own folders.
    static let patchNames = ["shared", "mvc", "mvp", "mvvm", "viper"]

    /// The drills, by folder name: each has a check and at least one patch.
    static func drills() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: drillsFolder.path)
            .filter { FileManager.default.fileExists(atPath: drillsFolder.appendingPathComponent("\($0)/check.jsonl").path) }
            .sorted()
    }

    static func patches(of drill: String) -> [String] {
        patchNames.map { drillsFolder.appendingPathComponent("\(drill)/\($0).patch").path }
            .filter { path in
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                return size > 0
            }
    }

    @Test("each drill's check fails on the code as it is and passes with the drill's patches for all four patterns")
    func drillsChangeWhatTheyClaim() throws {
        let drills = try Self.drills()
        #expect(drills.count >= 4, "the issue asks for at least four drills: \(drills)")
        try copyProject()
        try buildScratch()
        var before = try drills.map(check)
        if before.contains(where: { $0.status != 1 }) {
            try rebuildAfresh(label: "the code as it is")
            before = try drills.map(check)
        }
        for (drill, result) in zip(drills, before) {
            #expect(result.status == 1, "\(drill): the check must fail without the patches (exit 1), got \(result.status):\n\(result.text)")
            #expect(result.text.contains("Expectations not met"), "\(drill): it fails on what the screen shows:\n\(result.text)")
        }
        for drill in drills {
            let patches = Self.patches(of: drill)
            #expect(!patches.isEmpty, "\(drill) has no patch")
            let applied = try run(["/usr/bin/env", "git", "apply", "--whitespace=nowarn"] + patches, in: Self.source)
            #expect(applied.status == 0, "\(drill): the patches do not apply to the code as it is:\n\(applied.text)")
            guard applied.status == 0 else { continue }
            defer {
                let reverted = try? run(["/usr/bin/env", "git", "apply", "-R", "--whitespace=nowarn"] + patches.reversed(), in: Self.source)
                #expect(reverted?.status == 0, "\(drill): the patches did not come off again: \(reverted?.text ?? "")")
            }
            try buildScratch(label: drill)
            var after = try check(drill)
            if after.status != 0 {
                try rebuildAfresh(label: drill)
                after = try check(drill)
            }
            #expect(after.status == 0, "\(drill): with its patches the check must pass in all four patterns:\n\(after.text)")
        }
    }

    /// Before a check's outcome counts against a drill, rules out the build. An incremental build
    /// here once left code compiled against a struct's old layout after a patch gave it a field (the
    /// check then failed, or crashed). Every source of the copy gets a new time, so the project's own
    /// targets compile again (the dependencies' products stay); what fails then fails on a clean build.
    private func rebuildAfresh(label: String) throws {
        let touched = try run(["/bin/sh", "-c", "find Sources -type f -exec touch {} +"], in: Self.source)
        try #require(touched.status == 0, "cannot touch the copy's sources: \(touched.text)")
        try buildScratch(label: "\(label), built afresh")
    }

    /// The project's files as the working tree holds them (tracked and new, not ignored) into the
    /// scratch copy; `tar` keeps their times, so an unchanged file does not rebuild. The resolved
    /// package versions come along, so the copy builds against the same dependencies.
    private func copyProject() throws {
        let manager = FileManager.default
        try? manager.removeItem(at: Self.source)
        try manager.createDirectory(at: Self.source, withIntermediateDirectories: true)
        let copy = "git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "
            + TmuxSession.shellQuote(Self.source.path)
        let copied = try run(["/bin/sh", "-c", copy], in: Self.root)
        try #require(copied.status == 0, "cannot copy the project: \(copied.text)")
        // A repository of its own: `git apply` there patches the copy, never the checkout around it.
        let initialised = try run(["/usr/bin/env", "git", "init", "-q"], in: Self.source)
        try #require(initialised.status == 0, "cannot make the copy a repository: \(initialised.text)")
        let resolved = Self.root.appendingPathComponent("Package.resolved")
        if manager.fileExists(atPath: resolved.path) {
            try manager.copyItem(at: resolved, to: Self.source.appendingPathComponent("Package.resolved"))
        }
    }

    private func buildScratch(label: String = "the code as it is") throws {
        let built = try run(["/usr/bin/env", "swift", "build", "--package-path", Self.source.path,
                             "--scratch-path", Self.build.path, "--product", "mvx"],
                            in: Self.root, timeout: .seconds(20 * 60))
        try #require(built.status == 0, "\(label): the scratch copy does not build:\n\(built.text.suffix(3_000))")
    }

    private func check(_ drill: String) throws -> (status: Int32, text: String) {
        let check = Self.drillsFolder.appendingPathComponent("\(drill)/check.jsonl").path
        let result = try run([Self.build.appendingPathComponent("debug/mvx").path, "conform", check], in: Self.root,
                             timeout: .seconds(120))
        return (result.status, result.text)
    }

    /// Runs `arguments` in `folder` (through `env -C`), output and errors together.
    private func run(_ arguments: [String], in folder: URL, timeout: Duration = .seconds(120)) throws -> (status: Int32, text: String) {
        let result = try TmuxSession.run(["/usr/bin/env", "-C", folder.path] + arguments, timeout: timeout)
        return (result.status, result.output + result.error)
    }
}
