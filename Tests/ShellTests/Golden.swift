import Foundation
import TestSupport
import Testing

/// Golden screens: the expected text of a screen lives in `Goldens/NAME.txt`. A missing file is
/// written and the test fails (so a new golden is always reviewed); `make goldens` rewrites all.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static func assert(
        _ unmasked: String, matches name: String, mask: GoldenMask = .none, sourceLocation: SourceLocation = #_sourceLocation
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
