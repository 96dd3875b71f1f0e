import Foundation
import Terminal

/// The one way mvx writes to standard error. What it writes often quotes the user or the data
/// (an option's value, a fixture's id, a path), so every line passes through the sanitiser and is
/// cut to a readable length: a hostile value can neither drive the terminal nor fill the screen.
/// A closed or full stderr is not an error worth dying for: the write is dropped.
enum StandardError {
    /// The longest line written, in characters; longer ones end in `… (N characters)`.
    static let lineLimit = 300

    static func write(_ message: String) {
        try? FileHandle.standardError.write(contentsOf: Data((clean(message) + "\n").utf8))
    }

    /// `message` line by line, each made visible and cut.
    static func clean(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let visible = Sanitizer.visible(String(line))
            guard visible.count > lineLimit else { return visible }
            return String(visible.prefix(lineLimit)) + "… (\(visible.count) characters)"
        }.joined(separator: "\n")
    }
}
