import Foundation
import Testing

/// Golden screens: the expected text of a screen lives in `Goldens/NAME.txt`. A missing file is
/// written and the test fails (so a new golden is always reviewed); `make goldens` rewrites all.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// What a golden leaves out of the comparison, so that it breaks on the change it is about and
    /// not on an unrelated edit.
    enum Mask {
        case none
        /// Line numbers of trace events (`GreetingPresenter.swift:49` in text, `"line":49` in JSON):
        /// an edit above a traced call moves them without changing what the trace says. The text
        /// format right-aligns the location, so the padding before it goes too (one space stays).
        case sourceLines

        func apply(_ text: String) -> String {
            switch self {
            case .none:
                return text
            case .sourceLines:
                return text
                    .replacing(/[ ]+([^ \n]+\.swift):[0-9]+(?=\n|$)/, with: { " \($0.output.1):—" })
                    .replacing(/"line":[0-9]+/, with: "\"line\":\"—\"")
            }
        }
    }

    static func assert(
        _ unmasked: String, matches name: String, mask: Mask = .none, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Masked when recording too, so the file holds exactly what is compared.
        let actual = mask.apply(unmasked)
        let url = directory.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["MVX_RECORD_GOLDENS"] != nil
        guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? (actual + "\n").write(to: url, atomically: true, encoding: .utf8)
            // Recording on purpose (`make goldens`) passes; a golden that was simply missing fails.
            if !record {
                Issue.record("golden \(name) was missing and is now recorded; review and commit it",
                             sourceLocation: sourceLocation)
            }
            return
        }
        let trimmed = expected.hasSuffix("\n") ? String(expected.dropLast()) : expected
        if trimmed != actual {
            let diff = zip(trimmed.split(separator: "\n", omittingEmptySubsequences: false),
                           actual.split(separator: "\n", omittingEmptySubsequences: false))
                .enumerated().first { $0.element.0 != $0.element.1 }
            let detail = diff.map { "first difference at row \($0.offset):\n  expected: \($0.element.0)\n  actual:   \($0.element.1)" } ?? "line counts differ"
            Issue.record("screen differs from golden \(name) (`make goldens` re-records)\n\(detail)\n\(actual)",
                         sourceLocation: sourceLocation)
        }
    }
}
