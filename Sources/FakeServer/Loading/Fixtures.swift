import Foundation
import Networking
import Synchronization

/// The data the fake services serve: one array of raw items per file, in each team's schema.
/// Load the bundled set with `Fixtures.bundled()`, a user's directory with `Fixtures.load(directory:)`,
/// or — for the interactive app, whose first frame needs none of it — the bundled set file by file
/// as each service is first asked (`Fixtures.bundledOnDemand()`).
public struct Fixtures: Sendable {
    /// Items per file, as parsed (not yet validated when made with `init(unchecked:)`). Reading it
    /// loads every file of an on-demand set; setting it replaces the set.
    public var items: [FixtureFile: [JSONValue]] {
        get {
            switch storage {
            case .loaded(let items): items
            case .onDemand(let files): Dictionary(uniqueKeysWithValues: FixtureFile.allCases.map { ($0, files.items($0)) })
            }
        }
        set { storage = .loaded(newValue) }
    }

    private enum Storage: Sendable {
        case loaded([FixtureFile: [JSONValue]])
        case onDemand(OnDemandFiles)
    }

    private var storage: Storage

    /// Fixtures as given, without validation: for tests that feed the server hostile data.
    public init(unchecked items: [FixtureFile: [JSONValue]]) {
        storage = .loaded(items)
    }

    private init(onDemand files: OnDemandFiles) {
        storage = .onDemand(files)
    }

    /// The items of one file (empty when absent). In an on-demand set the first call for a file
    /// reads and validates it; a file that fails is served empty and its error kept in `problem`.
    public subscript(file: FixtureFile) -> [JSONValue] {
        switch storage {
        case .loaded(let items): items[file] ?? []
        case .onDemand(let files): files.items(file)
        }
    }

    /// Why a file of an on-demand set could not be loaded, once one was asked for (the first such
    /// file in `FixtureFile.allCases` order); nil for a set loaded up front.
    public var problem: FixtureError? {
        guard case .onDemand(let files) = storage else { return nil }
        return files.problem
    }

    /// Loads and validates `rent.json`, `xinfang.json`, `esf.json` and `people.json` from
    /// `directory`. The error names the first bad file and what is wrong with it.
    public static func load(directory: URL) throws(FixtureError) -> Fixtures {
        var items: [FixtureFile: [JSONValue]] = [:]
        for file in FixtureFile.allCases {
            items[file] = try load(file, from: directory)
        }
        return Fixtures(unchecked: items)
    }

    /// Reads and validates one file of `directory`.
    private static func load(_ file: FixtureFile, from directory: URL) throws(FixtureError) -> [JSONValue] {
        let url = directory.appendingPathComponent(file.rawValue)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FixtureError(file: file.rawValue, problem: unreadable(url, in: directory))
        }
        return try parse(data, file: file)
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
        try load(directory: try bundledDirectory())
    }

    /// The shipped fixtures, each file read and validated when a service first asks for it rather
    /// than at launch: finding the resource bundle and parsing some 70 kB of JSON took a third of
    /// mvx's start-up, and the first frame (the greeting screen) serves none of it. The files are
    /// the ones `bundled()` reads, and the tests load them that way, so a failure here means a
    /// damaged installation: that file is served empty and the error kept in `problem`.
    public static func bundledOnDemand() -> Fixtures {
        Fixtures(onDemand: OnDemandFiles { file throws(FixtureError) in
            try load(file, from: try bundledDirectory())
        })
    }

    /// The files of `directory`, each read and validated when first asked for, as
    /// `bundledOnDemand()` reads the shipped ones: a file that fails is served empty, its error kept
    /// in `problem`. (`load(directory:)` checks them all at once, for a user's `--fixtures`.)
    public static func onDemand(directory: URL) -> Fixtures {
        Fixtures(onDemand: OnDemandFiles { file throws(FixtureError) in try load(file, from: directory) })
    }

    private static func bundledDirectory() throws(FixtureError) -> URL {
        guard let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            throw FixtureError(file: "Fixtures", problem: "the bundled fixtures are missing from the app's resources")
        }
        return directory
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

/// The files of an on-demand set: each loaded once, by whichever caller asks first (the others
/// wait for it), and shared by every copy of the `Fixtures` value.
private final class OnDemandFiles: Sendable {
    private let load: @Sendable (FixtureFile) throws(FixtureError) -> [JSONValue]
    private let loaded = Mutex<[FixtureFile: Result<[JSONValue], FixtureError>]>([:])

    init(load: @escaping @Sendable (FixtureFile) throws(FixtureError) -> [JSONValue]) {
        self.load = load
    }

    func items(_ file: FixtureFile) -> [JSONValue] {
        loaded.withLock { loaded in
            if let result = loaded[file] { return (try? result.get()) ?? [] }
            let result: Result<[JSONValue], FixtureError>
            do throws(FixtureError) {
                result = .success(try load(file))
            } catch {
                result = .failure(error)
            }
            loaded[file] = result
            return (try? result.get()) ?? []
        }
    }

    var problem: FixtureError? {
        loaded.withLock { loaded in
            for file in FixtureFile.allCases {
                if case .failure(let error)? = loaded[file] { return error }
            }
            return nil
        }
    }
}
