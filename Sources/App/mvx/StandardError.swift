#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Terminal

/// The one way mvx writes to standard error. What it writes often quotes the user or the data
/// (an option's value, a fixture's id, a path), so every line passes through the sanitiser and is
/// cut to a readable length: a hostile value can neither drive the terminal nor fill the screen.
/// A closed or full stderr is not an error worth dying for: the write is dropped.
enum StandardError {
    /// The longest line written, in characters; longer ones end in `… (N characters)`.
    static let lineLimit = 300

    static func write(_ message: String) {
        StandardStream.send(clean(message) + "\n", to: STDERR_FILENO)
    }

    /// A line of progress on a terminal's stderr, rewritten in place (carriage return, no escape
    /// sequence) at most every `interval`, and wiped before anything else is printed.
    struct ProgressLine {
        static let interval: Duration = .milliseconds(200)
        private let clock = ContinuousClock()
        private var shownAt: ContinuousClock.Instant?
        private var width = 0

        /// Shows `text` (made visible) unless a line went out less than `interval` ago; a `final` one always shows.
        mutating func show(_ text: String, final: Bool = false) {
            let now = clock.now
            if let shownAt, now - shownAt < Self.interval, !final { return }
            shownAt = now
            let line = Sanitizer.visible(text, limit: lineLimit)
            let padding = String(repeating: " ", count: max(0, width - line.count))
            width = max(width, line.count)
            StandardStream.send("\r" + line + padding, to: STDERR_FILENO)
        }

        /// Blanks the line and returns to its start, so the report or an error starts clean.
        mutating func clear() {
            guard width > 0 else { return }
            StandardStream.send("\r" + String(repeating: " ", count: width) + "\r", to: STDERR_FILENO)
            width = 0
        }
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

/// Writes to standard output or error whole, as `print` would but without its buffer: a report
/// printed just before `exit` is never lost. A closed or full stream drops the rest.
enum StandardStream {
    static func send(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
