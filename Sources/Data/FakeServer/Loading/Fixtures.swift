#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Networking
import SafeFiles
import Synchronization

/// The data the fake services serve: one array of raw items per file, in each team's schema.
/// Load the bundled set with `Fixtures.bundled()`, a user's directory with `Fixtures.load(directory:)`,
/// or — for the interactive app, whose first frame needs none of it — the bundled set file by file
/// as each service is first asked (`Fixtures.bundledOnDemand()`).
package struct Fixtures: Sendable {
    /// Items per file, as parsed (not yet validated when made with `init(unchecked:)`). Reading it
    /// loads every file of an on-demand set; setting it replaces the set.
    package var items: [FixtureFile: [JSONValue]] {
        get {
            switch storage {
            case .loaded(let items): items
            case .onDemand(let files): Dictionary(uniqueKeysWithValues: FixtureFile.allCases.map { ($0, files.items($0)) })
            }
        }
        set {
            storage = .loaded(newValue)
            origin = nil
        }
    }

    /// The largest fixture file read (8 MB; the bundled ones are a few kB each): a bigger one is
    /// refused by its size before a byte is read, as session and log files are.
    package static let byteLimit = 8 << 20

    /// What identifies this set of data, so the disk cache keeps each set's responses apart
    /// (`DiskCacheSettings.dataScope`): `bundled` for the shipped files read on demand, else a
    /// digest of the files' bytes (or of the items, for a set made in code).
    package var identity: String {
        switch storage {
        case .onDemand(let files):
            return files.identity
        case .loaded(let items):
            if let origin { return origin }
            var bytes: [UInt8] = []
            for file in FixtureFile.allCases { bytes += JSONValue.array(items[file] ?? []).serialized }
            return DiskCacheSettings.scope(of: bytes)
        }
    }

    /// The identity of a set read from files, known when they were read.
    private var origin: String?

    private enum Storage: Sendable {
        case loaded([FixtureFile: [JSONValue]])
        case onDemand(OnDemandFiles)
    }

    private var storage: Storage

    /// Fixtures as given, without validation: for tests that feed the server hostile data.
    package init(unchecked items: [FixtureFile: [JSONValue]]) {
        storage = .loaded(items)
    }

    private init(onDemand files: OnDemandFiles) {
        storage = .onDemand(files)
    }

    /// The items of one file (empty when absent). In an on-demand set the first call for a file
    /// reads and validates it; a file that fails is served empty and its error kept in `problem`.
    package subscript(file: FixtureFile) -> [JSONValue] {
        switch storage {
        case .loaded(let items): items[file] ?? []
        case .onDemand(let files): files.items(file)
        }
    }

    /// Why a file of an on-demand set could not be loaded, once one was asked for (the first such
    /// file in `FixtureFile.allCases` order); nil for a set loaded up front.
    package var problem: FixtureError? {
        guard case .onDemand(let files) = storage else { return nil }
        return files.problem
    }

    /// Loads and validates `rent.json`, `xinfang.json`, `esf.json` and `people.json` from
    /// `directory`. The error names the first bad file and what is wrong with it.
    package static func load(directory: URL) throws(FixtureError) -> Fixtures {
        var items: [FixtureFile: [JSONValue]] = [:]
        var allBytes: [UInt8] = []
        for file in FixtureFile.allCases {
            let bytes = try read(file, from: directory)
            allBytes += bytes
            items[file] = try parse(Data(bytes), file: file)
        }
        var fixtures = Fixtures(unchecked: items)
        fixtures.origin = DiskCacheSettings.scope(of: allBytes)
        return fixtures
    }

    /// Reads and validates one file of `directory`.
    private static func load(_ file: FixtureFile, from directory: URL) throws(FixtureError) -> [JSONValue] {
        try parse(Data(try read(file, from: directory)), file: file)
    }

    /// One file's bytes, with the limits every file mvx reads has: a regular file only (a FIFO is
    /// refused without waiting for a writer), at most `byteLimit` bytes (known before reading),
    /// and the reason named: a loop of links or a permission problem is not a missing file.
    private static func read(_ file: FixtureFile, from directory: URL) throws(FixtureError) -> [UInt8] {
        do throws(SafeFileError) {
            return try SafeFile.read(directory.appendingPathComponent(file.rawValue).path, limit: byteLimit)
        } catch {
            let problem = switch error.cause {
            case .system(ENOENT): "missing from \(SafePath.display(directory.path))"
            case .system(ELOOP): "a loop of symbolic links"
            case .system(EACCES), .system(EPERM): "permission denied"
            case .system(let code): String(cString: strerror(code))
            case .notRegular(kind: "a folder"): "is a folder, not a file"
            case .notRegular(let kind): "not a regular file (\(kind)); a fixture is a JSON file"
            case .tooLarge(let size, _): "the file is \(size) bytes; a fixture file is at most \(byteLimit) (8 MB)"
            default: error.description
            }
            throw FixtureError(file: file.rawValue, problem: problem)
        }
    }

    /// The fixtures shipped with the app (72 rent, 66 new-home, 68 second-hand listings, 7 people),
    /// embedded in the binary at build time (`FixtureEmbedPlugin`), validated here.
    package static func bundled() throws(FixtureError) -> Fixtures {
        var items: [FixtureFile: [JSONValue]] = [:]
        var allBytes: [UInt8] = []
        for file in FixtureFile.allCases {
            let bytes = try embedded(file)
            allBytes += bytes
            items[file] = try parse(Data(bytes), file: file)
        }
        var fixtures = Fixtures(unchecked: items)
        fixtures.origin = DiskCacheSettings.scope(of: allBytes)
        return fixtures
    }

    /// The shipped fixtures, each file parsed and validated when a service first asks for it rather
    /// than at launch: parsing some 70 kB of JSON is work the first frame (the greeting screen)
    /// does not need. They are the bytes `bundled()` reads, and the tests load them that way, so a
    /// failure here is a broken build: that file is served empty and the error kept in `problem`.
    package static func bundledOnDemand() -> Fixtures {
        Fixtures(onDemand: OnDemandFiles(identity: "bundled") { file throws(FixtureError) in
            try parse(Data(try embedded(file)), file: file)
        })
    }

    /// One shipped file's bytes.
    private static func embedded(_ file: FixtureFile) throws(FixtureError) -> [UInt8] {
        guard let text = EmbeddedFixtures.files[file.rawValue] else {
            throw FixtureError(file: file.rawValue, problem: "not embedded in this build")
        }
        return Array(text.utf8)
    }

    /// The files of `directory`, each read and validated when first asked for, as
    /// `bundledOnDemand()` reads the shipped ones: a file that fails is served empty, its error kept
    /// in `problem`. (`load(directory:)` checks them all at once, for a user's `--fixtures`.)
    package static func onDemand(directory: URL) -> Fixtures {
        Fixtures(onDemand: OnDemandFiles(identity: "folder " + directory.path) { file throws(FixtureError) in
            try load(file, from: directory)
        })
    }

    /// Parses and validates one file's bytes.
    package static func parse(_ data: Data, file: FixtureFile) throws(FixtureError) -> [JSONValue] {
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
    /// Where the files come from (see `Fixtures.identity`): known without reading them.
    let identity: String

    init(identity: String, load: @escaping @Sendable (FixtureFile) throws(FixtureError) -> [JSONValue]) {
        self.identity = identity
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
