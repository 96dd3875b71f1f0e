import PatternVocabulary

/// Why a tour file cannot be used: the line (1-based; nil for the file as a whole) and the problem.
package struct TourFileError: Error, Equatable, Sendable, CustomStringConvertible {
    package var line: Int?
    package var problem: String

    package init(line: Int?, problem: String) {
        self.line = line
        self.problem = problem
    }

    /// `line 12: unknown role 'Presnter'`: what follows the file's name in the one-line error.
    package var description: String { line.map { "line \($0): \(problem)" } ?? problem }
}

/// Reads the tour format (docs/tour.md): `field: value` lines, a step starting at each `step:`,
/// indented lines continuing the field above, `#` comments. Strict: the first problem is thrown
/// with its line, so a teacher's typo is named rather than silently skipped.
package enum TourParser {
    /// A tour file larger than this is refused before it is read (a tour is a few kilobytes).
    package static let byteLimit = 256 * 1024
    /// Steps beyond this are refused: a long tutor is a less useful one.
    package static let stepLimit = 60

    private enum Field: String, CaseIterable {
        case tour, step, pane, text, hint, keys
        case keysAtOnce = "keys-at-once"
        case expect, panel
    }

    /// The panels an expectation may name (their `PanelID` names).
    package static let panels: Set<TourPane> = [.compare, .timeline, .ownership, .metrics, .network, .source]

    /// Parses the bytes of a tour file.
    package static func parse(_ bytes: [UInt8]) throws(TourFileError) -> Tour {
        guard bytes.count <= byteLimit else {
            throw TourFileError(line: nil, problem: "the file is \(bytes.count) bytes; a tour holds at most \(byteLimit)")
        }
        var lines: [String] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard let text = String(validating: line, as: UTF8.self) else {
                throw TourFileError(line: index + 1, problem: "not UTF-8 text")
            }
            lines.append(text)
        }
        return try parse(lines: lines)
    }

    /// Parses a tour's text.
    package static func parse(_ text: String) throws(TourFileError) -> Tour {
        try parse(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    private struct Entry {
        var field: Field
        var value: String
        var line: Int
    }

    private static func parse(lines: [String]) throws(TourFileError) -> Tour {
        var title: (String, Int)?
        var steps: [[Entry]] = []
        var last: Entry?
        func flush() {
            guard let entry = last else { return }
            last = nil
            if entry.field == .step { steps.append([entry]) } else if !steps.isEmpty { steps[steps.count - 1].append(entry) }
        }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : raw
            if let bad = line.unicodeScalars.first(where: isControl) {
                throw TourFileError(line: number, problem: "a control character (\(codePoint(bad))): a tour holds plain text")
            }
            let trimmed = line.trimmingBlanks
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.first == " " || line.first == "\t" {
                guard var entry = last, [.text, .hint, .expect, .keys, .keysAtOnce].contains(entry.field) else {
                    throw TourFileError(line: number, problem: "an indented line continues a text, hint, keys or expect line, and none is above it")
                }
                entry.value += " " + trimmed
                last = entry
                continue
            }
            flush()
            guard let colon = line.firstIndex(of: ":") else {
                throw TourFileError(line: number, problem: "not a 'field: value' line (fields: \(fieldNames))")
            }
            let name = String(line[..<colon]).trimmingBlanks.lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingBlanks
            guard let field = Field(rawValue: name) else {
                throw TourFileError(line: number, problem: "unknown field '\(name)' (fields: \(fieldNames))")
            }
            switch field {
            case .tour:
                guard title == nil else { throw TourFileError(line: number, problem: "a second 'tour:' line (the first is line \(title!.1))") }
                guard steps.isEmpty else { throw TourFileError(line: number, problem: "'tour:' comes before the first step") }
                guard !value.isEmpty else { throw TourFileError(line: number, problem: "an empty title after 'tour:'") }
                title = (value, number)
            case .step:
                guard title != nil else { throw TourFileError(line: number, problem: "a step before the 'tour:' line that names the tour") }
                guard steps.count < stepLimit else {
                    throw TourFileError(line: number, problem: "more than \(stepLimit) steps: a tour holds at most \(stepLimit)")
                }
                last = Entry(field: field, value: value, line: number)
            default:
                guard !steps.isEmpty || last?.field == .step else {
                    throw TourFileError(line: number, problem: "'\(name):' before the first 'step:'")
                }
                if let twice = (steps.last ?? []).first(where: { $0.field == field || isKeys($0.field) && isKeys(field) }) {
                    throw TourFileError(line: number, problem: "a second '\(name):' in this step (the first is line \(twice.line))")
                }
                last = Entry(field: field, value: value, line: number)
            }
        }
        flush()
        guard let title else { throw TourFileError(line: nil, problem: "no 'tour:' line naming the tour") }
        guard !steps.isEmpty else { throw TourFileError(line: nil, problem: "no steps: each starts with a 'step:' line") }
        return Tour(title: title.0, steps: try steps.map(step))
    }

    private static func isKeys(_ field: Field) -> Bool { field == .keys || field == .keysAtOnce }

    private static func step(_ entries: [Entry]) throws(TourFileError) -> TourStep {
        let head = entries[0]
        func value(_ field: Field) -> Entry? { entries.first { $0.field == field } }
        func required(_ field: Field) throws(TourFileError) -> Entry {
            guard let entry = value(field) else {
                throw TourFileError(line: head.line, problem: "the step '\(head.value)' has no '\(field.rawValue):' line")
            }
            guard !entry.value.isEmpty else {
                throw TourFileError(line: entry.line, problem: "an empty value after '\(field.rawValue):'")
            }
            return entry
        }
        guard !head.value.isEmpty else { throw TourFileError(line: head.line, problem: "an empty title after 'step:'") }
        let text = try required(.text), hint = try required(.hint), paneEntry = try required(.pane)
        guard let pane = TourPane(rawValue: paneEntry.value.lowercased()) else {
            throw TourFileError(line: paneEntry.line, problem: "unknown pane '\(paneEntry.value)' (panes: \(TourPane.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let keys = value(.keys) ?? value(.keysAtOnce) else {
            throw TourFileError(line: head.line, problem: "the step '\(head.value)' has no 'keys:' line (its solution)")
        }
        guard !keys.value.isEmpty else { throw TourFileError(line: keys.line, problem: "an empty key script after '\(keys.field.rawValue):'") }
        var expectation = TourExpectation()
        if let expect = value(.expect) {
            expectation.calls = try calls(expect)
        }
        if let panel = value(.panel) {
            guard let pane = TourPane(rawValue: panel.value.lowercased()), panels.contains(pane) else {
                throw TourFileError(line: panel.line, problem: "unknown panel '\(panel.value)' (panels: \(panels.map(\.rawValue).sorted().joined(separator: ", ")))")
            }
            expectation.panel = pane.rawValue
        }
        guard !expectation.calls.isEmpty || expectation.panel != nil else {
            throw TourFileError(line: head.line, problem: "the step '\(head.value)' expects nothing: give an 'expect:' or a 'panel:' line")
        }
        return TourStep(title: head.value, text: text.value, pane: pane, hint: hint.value, keys: keys.value,
                        keysAtOnce: keys.field == .keysAtOnce, expectation: expectation,
                        lines: TourStep.Lines(step: head.line, keys: keys.line))
    }

    /// `View → Presenter.showGreeting → View GreetingViewController.setGreeting` (`->` works too).
    private static func calls(_ entry: Entry) throws(TourFileError) -> [RoleCall] {
        let items = entry.value.replacing("->", with: "→").split(separator: "→").map { String($0).trimmingBlanks }
        var calls: [RoleCall] = []
        for item in items {
            guard !item.isEmpty else {
                throw TourFileError(line: entry.line, problem: "an empty role call in 'expect:' (calls are separated by →)")
            }
            calls.append(try call(item, line: entry.line))
        }
        return calls
    }

    /// `Role`, `Role.method`, `Role Type` or `Role Type.method`.
    private static func call(_ item: String, line: Int) throws(TourFileError) -> RoleCall {
        let words = item.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count <= 2 else {
            throw TourFileError(line: line, problem: "cannot read '\(item)' as a role call (Role, Role.method or Role Type.method)")
        }
        var roleName = words[0], method: String?
        if words.count == 1, let dot = roleName.firstIndex(of: ".") {
            method = String(roleName[roleName.index(after: dot)...])
            roleName = String(roleName[..<dot])
        }
        guard let role = Role(rawValue: roleName) else {
            throw TourFileError(line: line, problem: "unknown role '\(roleName)' (roles: \(Role.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var type: String?
        if words.count == 2 {
            // The method follows the last dot outside generic arguments: `APIManager<A.B>.land`.
            let name = words[1]
            var depth = 0, split: String.Index?
            for index in name.indices {
                switch name[index] {
                case "<": depth += 1
                case ">": depth -= 1
                case "." where depth == 0: split = index
                default: break
                }
            }
            if let split {
                type = String(name[..<split])
                method = String(name[name.index(after: split)...])
            } else {
                type = name
            }
        }
        if method?.isEmpty == true || type?.isEmpty == true {
            throw TourFileError(line: line, problem: "cannot read '\(item)' as a role call (Role, Role.method or Role Type.method)")
        }
        return RoleCall(role: role, type: type, method: method)
    }

    private static var fieldNames: String { Field.allCases.map(\.rawValue).joined(separator: ", ") }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        // Tabs are blanks; everything else below space, DEL, C1 and the bidi overrides is refused.
        if scalar == "\t" { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
        return String(self[first...last])
    }
}
