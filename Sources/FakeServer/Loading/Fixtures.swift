import Foundation
import Networking

/// The data the fake services serve: one array of raw items per file, in each team's schema.
/// Load the bundled set with `Fixtures.bundled()`, a user's directory with `Fixtures.load(directory:)`.
public struct Fixtures: Sendable {
    /// Items per file, as parsed (not yet validated when made with `init(unchecked:)`).
    public var items: [FixtureFile: [JSONValue]]

    /// Fixtures as given, without validation: for tests that feed the server hostile data.
    public init(unchecked items: [FixtureFile: [JSONValue]]) {
        self.items = items
    }

    /// The items of one file (empty when absent).
    public subscript(file: FixtureFile) -> [JSONValue] { items[file] ?? [] }

    /// Loads and validates `rent.json`, `xinfang.json`, `esf.json` and `people.json` from
    /// `directory`. The error names the first bad file and what is wrong with it.
    public static func load(directory: URL) throws(FixtureError) -> Fixtures {
        var items: [FixtureFile: [JSONValue]] = [:]
        for file in FixtureFile.allCases {
            let url = directory.appendingPathComponent(file.rawValue)
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw FixtureError(file: file.rawValue, problem: unreadable(url, in: directory))
            }
            items[file] = try parse(data, file: file)
        }
        return Fixtures(unchecked: items)
    }

    /// Why `url` could not be read, by the system's own answer: a loop of links or a permission
    /// problem is not a missing file.
    private static func unreadable(_ url: URL, in directory: URL) -> String {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        let code = errno
        if descriptor >= 0 {
            close(descriptor)
            var status = stat()
            return stat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR ? "is a folder, not a file" : "cannot be read"
        }
        switch code {
        case ENOENT: return "missing from \(directory.path)"
        case ELOOP: return "a loop of symbolic links"
        case EACCES, EPERM: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }

    /// The fixtures shipped with the app (72 rent, 66 new-home, 68 second-hand listings, 7 people).
    public static func bundled() throws(FixtureError) -> Fixtures {
        guard let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw FixtureError(file: "Fixtures", problem: "the bundled fixtures are missing from the app's resources")
        }
        return try load(directory: directory)
    }

    /// Parses and validates one file's bytes.
    public static func parse(_ data: Data, file: FixtureFile) throws(FixtureError) -> [JSONValue] {
        let document: JSONValue
        do throws(JSONParseError) {
            document = try JSONValue(parsing: data)
        } catch {
            let (line, column) = position(of: error.offset, in: data)
            throw FixtureError(file: file.rawValue, problem: "not valid JSON: \(error.reason) at line \(line), column \(column)")
        }
        if let problem = file.problem(in: document) { throw FixtureError(file: file.rawValue, problem: problem) }
        return document.arrayValue ?? []
    }

    private static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // count characters, not UTF-8 continuation bytes
            }
        }
        return (line, column)
    }
}
