import Foundation
import Testing

/// The detail's picture in the real binary: drawn in half blocks when the detail opens, in every
/// pattern; with `NO_COLOR` in shapes of light and dark; on 2G only a cached one shows.
@Suite("Pictures (tmux)", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not installed; end-to-end terminal tests need it"),
       .timeLimit(.minutes(1)))
struct PictureEndToEndTests {
    @Test("open a detail and see its picture, in each pattern; on 2G a new one is off, a cached one shows")
    func pictureInEachPattern() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0", "--no-disk-cache"], width: 120, height: 40)
        defer { session.close() }
        try await session.expectScreen(shows: "MVC · Greeting", "launch")
        try session.type("l")
        try await session.expectScreen(shows: "¥3,900/month", "the listings")
        for (key, name) in [("1", "MVC"), ("2", "MVP"), ("3", "MVVM"), ("4", "VIPER")] {
            try session.type(key)
            try await session.expectScreen(shows: "\(name) · Listings", "\(name)'s listings")
            try await session.expectScreen(shows: "¥3,900/month", "\(name)'s first page")
            try session.send(keys: "Enter")
            let screen = try await session.expectScreen(shows: "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀", "\(name)'s detail draws the picture")
            #expect(screen.contains("From the rent API"), "\(name): the detail's sections are still there:\n\(screen)")
            // Backspace, not Esc: a lone Esc waits for curses' escape delay, and a key typed in it joins it.
            try session.send(keys: "BSpace")
            try await session.expectScreen(shows: "[Rent]", "\(name): back to the list")
        }
        // To 2G in the inspector (Wi-Fi → 4G → 3G → 2G), then a listing not opened yet, then the first again.
        try session.type("nyyy")
        try await session.expectScreen(shows: "On 2G — pictures off", "the banner")
        try session.type("n")
        try await session.expectScreen(shows: "─ Trace", "the inspector closed")
        try session.send(keys: "Down")
        try session.send(keys: "Enter")
        try await session.expectScreen(shows: "Pictures are off on 2G.", "a picture not cached is not downloaded")
        try session.send(keys: "BSpace")
        try await session.expectScreen(shows: "[Rent]", "back to the list")
        try session.send(keys: "Up")
        try session.send(keys: "Enter")
        let cached = try await session.expectScreen(shows: "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀", "a cached picture still shows on 2G")
        #expect(!cached.contains("Pictures are off"))
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }

    @Test("with NO_COLOR the picture is drawn in light and dark shapes, not colours")
    func monochromePicture() async throws {
        let session = try TmuxSession(command: [mvxBinary, "--latency", "0", "--no-disk-cache"], width: 120, height: 40,
                                      environment: ["NO_COLOR": "1"])
        defer { session.close() }
        try await session.expectScreen(shows: "MVC · Greeting", "launch")
        try session.type("l")
        try await session.expectScreen(shows: "¥3,900/month", "the listings")
        try session.send(keys: "Enter")
        let screen = try await session.expectScreen(shows: "From the rent API", "the detail")
        let shapes = screen.filter { "█▄▀".contains($0) }.count
        #expect(shapes > 30, "the picture's lit half-cells are drawn as blocks:\n\(screen)")
        try session.type("q")
        #expect(try await session.waitForExit() == 0)
    }
}
