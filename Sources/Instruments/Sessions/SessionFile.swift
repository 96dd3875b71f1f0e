import FakeServer
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Networking
import PatternVocabulary
import SafeFiles
import Terminal

/// How a session started: what `mvx run` was told, so a replay starts the same way.
package struct SessionStart: Equatable, Sendable {
    /// The pattern of every screen but those in `screenPatterns`.
    package var pattern: PatternID
    /// Screens started in another pattern (a mixed app): `--greeting-pattern`, `--listings-pattern`.
    package var screenPatterns: [ScreenID: PatternID]
    package var screen: ScreenID
    /// The fake network's options, as `mvx run` takes them (`--seed`, `--latency`, `--fail-rate`,
    /// `--offline`); nil is the option's default.
    package var seed: String?
    package var latency: String?
    package var failRate: String?
    package var offline: Bool
    /// The terminal's size when the session was recorded; headless replays draw at it.
    package var size: Size?

    package init(
        pattern: PatternID = .mvc, screenPatterns: [ScreenID: PatternID] = [:], screen: ScreenID = .greeting,
        seed: String? = nil, latency: String? = nil, failRate: String? = nil, offline: Bool = false, size: Size? = nil
    ) {
        self.pattern = pattern
        self.screenPatterns = screenPatterns.filter { $0.value != pattern }
        self.screen = screen
        self.seed = seed
        self.latency = latency
        self.failRate = failRate
        self.offline = offline
        self.size = size
    }

    /// The fake network these options describe, with `mvx run`'s defaults for what is not given.
    package func scenario() throws(SessionFileError) -> Scenario {
        func parse<T>(_ field: String, _ body: () throws(ScenarioError) -> T) throws(SessionFileError) -> T {
            do { return try body() } catch { throw SessionFileError(line: 1, problem: "\(field): \(error)") }
        }
        return Scenario(
            seed: try parse("seed") { () throws(ScenarioError) in try Scenario.parseSeed(seed ?? "0") },
            latency: try parse("latency") { () throws(ScenarioError) in try Scenario.parseLatency(latency ?? "50..400ms") },
            failureRates: try parse("failRate") { () throws(ScenarioError) in try Scenario.parseFailureRates(failRate ?? "0") },
            offline: offline)
    }
}

/// One key of a session and the trace action it started (`Enter on [Show greeting]`); nil when it
/// started none (`?`, `[`, a key nothing took).
package struct SessionKey: Equatable, Sendable {
    package var key: Key
    package var action: String?
    /// Text the module's screen must show once this key's action has settled, in every pattern
    /// (`mvx conform` checks it): what turns a session into an acceptance check.
    package var expect: String?

    package init(_ key: Key, action: String? = nil, expect: String? = nil) {
        self.key = key
        self.action = action
        self.expect = expect
    }
}

/// Why a session file cannot be used: one line, the file's line number first when there is one.
package struct SessionFileError: Error, Equatable, CustomStringConvertible {
    package var line: Int?
    package var problem: String

    package init(line: Int? = nil, problem: String) {
        self.line = line
        self.problem = problem
    }

    package var description: String { (line.map { "line \($0): " } ?? "") + problem }
}

/// A recorded session: the start options and the keys, in order. Its file is JSON lines, described
/// in docs/sessions.md: a header object (`"format":"mvx-session","version":1`, the start options),
/// then one object per key (`{"key":"enter","action":"Enter on [Show greeting]"}`), keys written as
/// `KeyScript` tokens. Reading checks the whole file before anything is played.
package struct Session: Equatable, Sendable {
    package static let format = "mvx-session"
    package static let version = 1
    /// The largest file read (1 MB) and the most keys (10,000): a session is a demo, not a log.
    package static let byteLimit = 1_048_576
    package static let keyLimit = 10_000
    /// The label `ModuleHost` gives typing into a field: consecutive keys under it are one action.
    static let typingPrefix = "typing in "

    package var start: SessionStart
    package var keys: [SessionKey]

    package init(start: SessionStart, keys: [SessionKey]) {
        self.start = start
        self.keys = keys
    }

    // MARK: - Actions

    /// The keys grouped as the user acted: one key each, except that the characters typed into one
    /// field (one trace action, `typing in First name`) are one action.
    package var actions: [SessionAction] {
        var actions: [SessionAction] = []
        for (index, key) in keys.enumerated() {
            if let last = actions.last, last.isTyping, key.key.isText, key.action == last.label {
                actions[actions.count - 1].range = last.range.lowerBound..<(index + 1)
            } else {
                let typing = key.key.isText && (key.action?.hasPrefix(Self.typingPrefix) ?? false)
                actions.append(SessionAction(range: index..<(index + 1), label: key.action, isTyping: typing))
            }
            if let expect = key.expect { actions[actions.count - 1].expectations.append(expect) }
        }
        return actions
    }

    // MARK: - Writing

    /// The file's text: the header line, then a line per key. Keys a script cannot name (mouse
    /// reports) are left out: `Session(recorded:)` never puts them in.
    package func encoded() -> String {
        var header: [(String, String)] = [
            ("format", Self.json(Self.format)), ("version", String(Self.version)),
            ("pattern", Self.json(start.pattern.argument)),
        ]
        for screen in ScreenID.allCases {
            if let pattern = start.screenPatterns[screen] { header.append(("\(screen.rawValue)Pattern", Self.json(pattern.argument))) }
        }
        header.append(("screen", Self.json(start.screen.rawValue)))
        if let seed = start.seed { header.append(("seed", Self.json(seed))) }
        if let latency = start.latency { header.append(("latency", Self.json(latency))) }
        if let failRate = start.failRate { header.append(("failRate", Self.json(failRate))) }
        if start.offline { header.append(("offline", "true")) }
        if let size = start.size { header += [("width", String(size.width)), ("height", String(size.height))] }
        var lines = ["{" + header.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"]
        for key in keys {
            guard let token = KeyScript.token(for: key.key) else { continue }
            var line = "{\"key\":\(Self.json(token))"
            if let action = key.action { line += ",\"action\":\(Self.json(action))" }
            if let expect = key.expect { line += ",\"expect\":\(Self.json(expect))" }
            lines.append(line + "}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        // Encoding a string cannot fail.
        return String(decoding: try! encoder.encode(text), as: UTF8.self)
    }

    // MARK: - Reading

    /// Reads and checks the session file at `path`. Only a regular file is opened for reading (a
    /// FIFO or a device is refused without blocking), and at most `byteLimit` bytes are read.
    package static func load(path: String) throws(SessionFileError) -> Session {
        try decode(try readFile(path))
    }

    /// Checks every line of `data` and returns the session; the first problem is thrown.
    package static func decode(_ data: Data) throws(SessionFileError) -> Session {
        guard data.count <= byteLimit else { throw SessionFileError(problem: tooLarge(data.count)) }
        let decoder = JSONDecoder()
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }.makeIterator()
        guard let (headerIndex, headerLine) = lines.next() else {
            throw SessionFileError(problem: "the file is empty: no \(format) header")
        }
        let header = try decodeLine(HeaderLine.self, headerLine, number: headerIndex + 1, decoder: decoder)
        let start = try header.start(line: headerIndex + 1)
        var keys: [SessionKey] = []
        while let (index, line) = lines.next() {
            guard keys.count < keyLimit else {
                throw SessionFileError(line: index + 1, problem: "more than \(keyLimit) keys: a session holds at most \(keyLimit)")
            }
            keys.append(try decodeLine(KeyLine.self, line, number: index + 1, decoder: decoder).sessionKey(line: index + 1))
        }
        return Session(start: start, keys: keys)
    }

    private static func decodeLine<T: Decodable>(_ type: T.Type, _ line: Data, number: Int, decoder: JSONDecoder)
        throws(SessionFileError) -> T {
        // JSONDecoder keeps one of two equal keys without a word: a header saying "version" twice
        // says two things, so the strict parser is asked first (it names the key).
        var object: [String: JSONValue]?
        var parseError: JSONParseError?
        do throws(JSONParseError) {
            object = try JSONValue(parsing: line).objectValue
        } catch let error where error.reason.hasPrefix("duplicate key") {
            throw SessionFileError(line: number, problem: error.reason)
        } catch {
            // Anything else it dislikes, JSONDecoder refuses too, and says it below.
            parseError = error
        }
        do {
            return try decoder.decode(type, from: line)
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.last?.stringValue ?? "the line"
            throw SessionFileError(line: number, problem: "'\(field)' has the wrong type")
        } catch {
            // A JSON object after all: JSONDecoder refused a number no field's type holds (every
            // number of a session is an Int), `1e400` or 20 digits, as if the line were damaged.
            if let object, let field = object.sorted(by: { $0.key < $1.key }).first(where: { field in
                field.value.numberValue.map { Int(exactly: $0) == nil } ?? false
            }), let value = field.value.numberValue {
                let whole = !value.isFinite || value.rounded() == value
                throw SessionFileError(line: number, problem: "'\(field.key)' is " + (whole ? "a number out of range" : "not a whole number"))
            }
            // A number past Double's range (`1e400`) stops the strict parser just after it: the
            // key before it is the field.
            if let parseError, parseError.reason == "invalid number",
               let match = String(decoding: line.prefix(parseError.offset), as: UTF8.self)
                   .firstMatch(of: #/"([^"\\]*)"\s*:\s*(-?[0-9][0-9.eE+-]*)$/#),
               Double(match.2).map({ !$0.isFinite }) == true {
                throw SessionFileError(line: number, problem: "'\(match.1)' is a number out of range")
            }
            throw SessionFileError(line: number, problem: "not a JSON object (a damaged or cut line?)")
        }
    }

    private static func tooLarge(_ bytes: Int) -> String {
        "the file is \(bytes) bytes; a session file is at most \(byteLimit) (1 MB)"
    }

    private static func readFile(_ path: String) throws(SessionFileError) -> Data {
        // SafeFile.read opens without blocking (a FIFO nobody writes to must not wait for a
        // writer), reads regular files only, and checks the size before reading a byte.
        do throws(SafeFileError) {
            return Data(try SafeFile.read(path, limit: byteLimit))
        } catch {
            switch error.cause {
            case .system(let code): throw SessionFileError(problem: String(cString: strerror(code)).lowercased())
            case .notRegular(kind: "a folder"): throw SessionFileError(problem: "a directory, not a session file")
            case .notRegular: throw SessionFileError(problem: "not a regular file (a FIFO, socket or device), not a session file")
            case .tooLarge(let size, _): throw SessionFileError(problem: tooLarge(size))
            default: throw SessionFileError(problem: error.description)
            }
        }
    }
}

/// A run of a session's keys that is one action for the player and for conform.
package struct SessionAction: Equatable, Sendable {
    /// The keys' positions in `Session.keys`.
    package var range: Range<Int>
    /// The trace action the keys started, as recorded.
    package var label: String?
    /// Characters typed into a field: played key by key, faster than actions.
    package var isTyping: Bool
    /// What the module's screen must show once the action has settled (its keys' `expect`).
    package var expectations: [String] = []
}

/// The header line as read: every field optional, so a missing one is named, not a decoding error.
private struct HeaderLine: Decodable {
    var format: String?
    var version: Int?
    var pattern: String?
    var greetingPattern: String?
    var listingsPattern: String?
    var screen: String?
    var seed: String?
    var latency: String?
    var failRate: String?
    var offline: Bool?
    var width: Int?
    var height: Int?

    func start(line: Int) throws(SessionFileError) -> SessionStart {
        func fail(_ problem: String) -> SessionFileError { SessionFileError(line: line, problem: problem) }
        guard format == Session.format else {
            throw fail(format.map { "not an mvx session: format '\($0)', expected '\(Session.format)'" }
                ?? "not an mvx session: the header has no \"format\":\"\(Session.format)\"")
        }
        guard let version else { throw fail("the header has no version") }
        guard version == Session.version else {
            throw fail("version \(version) is not supported: this mvx reads version \(Session.version)")
        }
        func pattern(_ field: String, _ value: String?) throws(SessionFileError) -> PatternID? {
            guard let value else { return nil }
            guard let pattern = PatternID(rawValue: value.uppercased()) else {
                throw fail("\(field): unknown pattern '\(value)' (mvc, mvp, mvvm or viper)")
            }
            return pattern
        }
        var screenID = ScreenID.greeting
        if let screen {
            guard let known = ScreenID(rawValue: screen) else { throw fail("screen: unknown screen '\(screen)' (greeting or listings)") }
            screenID = known
        }
        var size: Size?
        if width != nil || height != nil {
            guard let width, let height else { throw fail("width and height go together") }
            guard (64...1000).contains(width), (16...500).contains(height) else {
                throw fail("size \(width)×\(height): width must be 64-1000 and height 16-500")
            }
            size = Size(width: width, height: height)
        }
        let overrides: [ScreenID: PatternID] = [
            .greeting: try pattern("greetingPattern", greetingPattern), .listings: try pattern("listingsPattern", listingsPattern),
        ].compactMapValues { $0 }
        let start = SessionStart(
            pattern: try pattern("pattern", self.pattern) ?? .mvc, screenPatterns: overrides, screen: screenID,
            seed: seed, latency: latency, failRate: failRate, offline: offline ?? false, size: size)
        _ = try start.scenario()  // checked now, so nothing is half-played
        return start
    }
}

private struct KeyLine: Decodable {
    var key: String?
    var action: String?
    var expect: String?

    func sessionKey(line: Int) throws(SessionFileError) -> SessionKey {
        guard let key else { throw SessionFileError(line: line, problem: "no \"key\"") }
        // Named before the key is split into tokens: a control character that is also white space
        // (U+0085) would split it, and the error would quote what is left ('keypad-').
        if let control = key.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            let code = String(control.value, radix: 16, uppercase: true)
            throw SessionFileError(line: line, problem: "a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) is not a key")
        }
        let keys: [Key]
        do {
            keys = try KeyScript.parse(key)
        } catch {
            throw SessionFileError(line: line, problem: error.description)
        }
        guard keys.count == 1, let only = keys.first else {
            throw SessionFileError(line: line, problem: "'\(key)' is \(keys.count) keys; a line holds one")
        }
        guard only.isPlayable else { throw SessionFileError(line: line, problem: "a control character is not a key") }
        if let expect, expect.allSatisfy(\.isWhitespace) {
            throw SessionFileError(line: line, problem: "\"expect\" is empty: name the text the screen must show")
        }
        return SessionKey(only, action: action, expect: expect)
    }
}

extension Key {
    /// A character or a paste: text a field takes (and the keys typing is made of).
    var isText: Bool {
        switch self {
        case .character, .paste: true
        default: false
        }
    }

    /// No control characters hidden in text: a terminal never sends them as characters, and a
    /// paste has them removed (tabs and line breaks kept), so a file must not smuggle them in.
    var isPlayable: Bool {
        switch self {
        case .character(let character), .alt(let character), .keypad(let character):
            !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
        case .paste(let text):
            !text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }
        default:
            true
        }
    }
}
