import FakeServer
import Foundation
import Networking
import Testing

@Suite struct FixturesTests {
    @Test func bundledFixturesAreLargeAndMixed() throws {
        let fixtures = try Fixtures.bundled()
        for file in [FixtureFile.rent, .newHomes, .secondHand] {
            #expect(fixtures[file].count >= 60)
        }
        #expect(fixtures[.people].count >= 5)
        let names = fixtures[.rent].compactMap { $0["name"]?.stringValue }
        #expect(names.contains { $0.unicodeScalars.contains { $0.value > 0x4E00 } })
        #expect(names.contains { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    private func directory(with files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let bundled = try Fixtures.bundled()
        for file in FixtureFile.allCases {
            let text = files[file.rawValue] ?? String(decoding: JSONValue.array(bundled[file]).serialized, as: UTF8.self)
            try Data(text.utf8).write(to: url.appendingPathComponent(file.rawValue))
        }
        return url
    }

    @Test func onDemandServesWhatBundledLoads() throws {
        let bundled = try Fixtures.bundled()
        let onDemand = Fixtures.bundledOnDemand()
        for file in FixtureFile.allCases {
            #expect(onDemand[file] == bundled[file], "\(file)")
        }
        #expect(onDemand.items == bundled.items)
        #expect(onDemand.problem == nil)
    }

    @Test func onDemandReadsOnlyTheFileAskedFor() throws {
        let url = try directory(with: ["rent.json": "[]"])
        try FileManager.default.removeItem(at: url.appendingPathComponent("people.json"))
        let fixtures = Fixtures.onDemand(directory: url)
        #expect(fixtures.problem == nil, "nothing is read before it is asked for")
        #expect(fixtures[.secondHand].count == 68)
        #expect(fixtures.problem == nil)
        #expect(fixtures[.people].isEmpty)
        #expect(fixtures.problem == FixtureError(file: "people.json", problem: "missing from \(url.path)"))
        // The first failing file in FixtureFile order, once more than one failed.
        #expect(fixtures[.rent].isEmpty)
        #expect(fixtures.problem?.file == "rent.json")
        #expect(fixtures.problem?.problem.contains("empty") == true)
    }

    @Test func anOnDemandSetIsReplacedWhole() throws {
        var fixtures = Fixtures.bundledOnDemand()
        fixtures.items = [.people: []]
        #expect(fixtures[.rent].isEmpty)
        #expect(fixtures.problem == nil)
    }

    @Test func loadsAValidDirectory() throws {
        let fixtures = try Fixtures.load(directory: try directory(with: [:]))
        #expect(fixtures[.secondHand].count == 68)
    }

    @Test(arguments: [
        ("rent.json", "[{\"id\": \"1\", ", "not valid JSON"),
        ("esf.json", "{}", "expected a JSON array"),
        ("xinfang.json", "[]", "empty"),
        ("rent.json", #"[{"id":"1","name":"a","title":"t"}]"#, "item 1: missing key \"imageUrl\""),
        ("rent.json", #"[{"id":"1","name":5,"title":"t","imageUrl":"u"}]"#, "\"name\" must be a string"),
        ("rent.json", #"[{"id":"1","name":"a","title":"t","imageUrl":"u","price":"cheap"}]"#, "\"price\" must be a number"),
        ("people.json", #"[{"id":"a","first_name":"A","last_name":"B"},{"id":"a","first_name":"C","last_name":"D"}]"#, "item 2: duplicate"),
        ("rent.json", #"[{"id":"1","id":"2","name":"a","title":"t","imageUrl":"u"}]"#, "duplicate key \"id\" at line 1, column 12"),
    ])
    func badFileNamesFileAndProblem(_ file: String, _ contents: String, _ problem: String) throws {
        let url = try directory(with: [file: contents])
        do {
            _ = try Fixtures.load(directory: url)
            Issue.record("expected an error")
        } catch {
            #expect(error.file == file)
            #expect(error.problem.contains(problem), "\(error)")
            #expect(error.description.hasPrefix(file + ": "))
        }
    }

    @Test func missingFileIsNamed() throws {
        let url = try directory(with: [:])
        try FileManager.default.removeItem(at: url.appendingPathComponent("people.json"))
        #expect(throws: FixtureError(file: "people.json", problem: "missing from \(url.path)")) {
            try Fixtures.load(directory: url)
        }
    }

    @Test("a byte-order mark before the JSON is accepted")
    func byteOrderMark() throws {
        let url = try directory(with: ["people.json": "\u{FEFF}" + #"[{"id":"p","first_name":"Ada","last_name":"Lovelace"}]"#])
        #expect(try Fixtures.load(directory: url)[.people].count == 1)
    }

    @Test("a file that is a loop of symbolic links, a folder or unreadable says which")
    func unreadableFilesNameTheCause() throws {
        let url = try directory(with: [:])
        let people = url.appendingPathComponent("people.json")
        try FileManager.default.removeItem(at: people)
        try FileManager.default.createSymbolicLink(atPath: people.path, withDestinationPath: "people.json")
        #expect(throws: FixtureError(file: "people.json", problem: "a loop of symbolic links")) {
            try Fixtures.load(directory: url)
        }
        try FileManager.default.removeItem(at: people)
        try FileManager.default.createDirectory(at: people, withIntermediateDirectories: false)
        #expect(throws: FixtureError(file: "people.json", problem: "is a folder, not a file")) {
            try Fixtures.load(directory: url)
        }
    }

    @Test func syntaxErrorGivesLineAndColumn() throws {
        let url = try directory(with: ["esf.json": "[\n  {\"esf_id\": }\n]"])
        #expect(throws: FixtureError(file: "esf.json", problem: "not valid JSON: unexpected character at line 2, column 14")) {
            try Fixtures.load(directory: url)
        }
    }
}
