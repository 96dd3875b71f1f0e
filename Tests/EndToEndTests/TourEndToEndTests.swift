import Foundation
import Testing

/// The guided tour with the real binary: the card forward and back, a step done with the learner's
/// own keys, a hint, a solution played, leaving and resuming, progress kept between runs, a
/// teacher's tour file and a bad one.
@Suite("Guided tour (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(2)))
struct TourEndToEndTests {
    /// A data folder of the test's own, so no progress of the user's is read or written.
    private static func dataFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-tour-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("mvx tour: forward and back, ✓ by the learner's keys, h, S, Esc and T, progress kept for the next run")
    func walkTheTour() async throws {
        let data = try Self.dataFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(command: [mvxBinary, "tour"], environment: ["XDG_DATA_HOME": data.path])
        defer { session.close() }
        try await session.expectScreen(shows: "Tour 1/13 · The greeting in MVC", "the card opens on the first step")
        for step in 2...13 {
            try session.type("}")
            try await session.expectScreen(shows: "Tour \(step)/13", "} moves forward")
        }
        for step in (1...12).reversed() {
            try session.type("{")
            try await session.expectScreen(shows: "Tour \(step)/13 ·", "{ moves back")
        }
        // The learner's own key does the first step.
        try session.send(keys: "Enter")
        try await session.expectScreen(shows: "The greeting in MVC ✓ done", "Enter on the button is what step 1 expects")
        try session.type("}")
        try await session.expectScreen(shows: "Tour 2/13 · The same press in MVP", "step 2")
        try session.type("h")
        try await session.expectScreen(shows: "Hint: 2 switches every screen to MVP", "h shows the hint")
        try session.type("S")
        var screen = try await session.expectScreen(shows: "The same press in MVP ✓ done", "S plays the solution")
        #expect(screen.contains("MVP · Greeting") && screen.contains("Hello David Blaine"), "the solution ran live:\n\(screen)")
        try session.send(keys: "Escape")
        _ = try await session.waitUntil { try !session.capture().contains("Tour 2/13") }
        screen = try session.capture()
        #expect(!screen.contains("Tour 2/13"), "Esc leaves the tour:\n\(screen)")
        try session.type("T")
        try await session.expectScreen(shows: "Tour 2/13 · The same press in MVP", "T resumes on the same step")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)

        let again = try TmuxSession(command: [mvxBinary, "tour"], environment: ["XDG_DATA_HOME": data.path])
        defer { again.close() }
        try await again.expectScreen(shows: "Tour 2/13 · The same press in MVP ✓ done", "the next run resumes, the step still done")
        try again.type("q")
        #expect(try await again.waitForExit() == 0)
        let reset = try TmuxSession.run(["/usr/bin/env", "XDG_DATA_HOME=\(data.path)", mvxBinary, "tour", "--reset"])
        #expect(reset.status == 0 && reset.output.contains("tour progress reset"), "\(reset)")
    }

    @Test("a first start names the tour's key; a teacher's tour file runs; a bad one exits 2 naming its line")
    func teachersFiles() async throws {
        let data = try Self.dataFolder()
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try TmuxSession(command: [mvxBinary], environment: ["XDG_DATA_HOME": data.path])
        defer { first.close() }
        try await first.expectScreen(shows: "press T for a guided tour", "a first start says how to begin")
        try first.type("q")
        #expect(try await first.waitForExit() == 0)

        let lesson = data.appendingPathComponent("lesson.tour")
        try """
            tour: A teacher's lesson
            step: Press it in VIPER
            pane: trace
            text: Press 4, then Enter, and find the interactor.
            hint: 4 then Enter.
            keys: 4 enter
            expect: Presenter → Interactor GreetingInteractor.provideGreetingData
            """.write(to: lesson, atomically: true, encoding: .utf8)
        let session = try TmuxSession(command: [mvxBinary, "tour", lesson.path], environment: ["XDG_DATA_HOME": data.path])
        defer { session.close() }
        try await session.expectScreen(shows: "Tour 1/1 · Press it in VIPER", "the teacher's tour")
        try session.type("4")
        try session.send(keys: "Enter")
        try await session.expectScreen(shows: "Press it in VIPER ✓ done", "done with the learner's keys")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
        let check = try TmuxSession.run([mvxBinary, "tour", "--check", lesson.path])
        #expect(check.status == 0 && check.output.contains("✓ 1/1 Press it in VIPER"), "\(check)")

        let bad = data.appendingPathComponent("bad.tour")
        try "tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nkeys: enter\nexpect: Presnter\u{1B}]0;pwned\u{07}\n"
            .write(to: bad, atomically: true, encoding: .utf8)
        let result = try TmuxSession.run([mvxBinary, "tour", bad.path])
        #expect(result.status == 2)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("bad.tour: line 7: a control character") == true, "\(result.error)")
        #expect(!result.error.utf8.contains(0x1B), "nothing from the file reaches the terminal raw")
        let typo = data.appendingPathComponent("typo.tour")
        try "tour: T\nstep: S\npane: trace\ntext: t\nhint: h\nkeys: enter\nexpect: Presnter\n".write(to: typo, atomically: true, encoding: .utf8)
        let typoResult = try TmuxSession.run([mvxBinary, "tour", "--check", typo.path])
        #expect(typoResult.status == 2 && typoResult.error.contains("typo.tour: line 7: unknown role 'Presnter'"), "\(typoResult)")
    }
}
