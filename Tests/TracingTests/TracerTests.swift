import Foundation
import PatternVocabulary
import Testing
@testable import Tracing

private final class Probe {
    func run(_ detail: String) { @Traced(.presenter, self, detail) var call }
    static func staticRun() { @Traced(.router, self) var call }
}

/// A view that asks its presenter, which tells it something back, as a tap in MVP does.
private final class CallProbe {
    struct Failure: Error {}

    func tap() {
        @Traced(.view, self, "tap") var call
        present()
        present()
        _ = try? fail()
        show("after the throw")
    }

    func present() {
        @Traced(.presenter, self, "present") var call
        show("from the presenter")
    }

    func show(_ detail: String) {
        @Traced(.view, self, detail) var call
    }

    func fail() throws {
        @Traced(.presenter, self, "fail") var call
        throw Failure()
    }

    /// Traces nothing until the guard, as a method that ignores a key does.
    func ignore(_ ignored: Bool) {
        guard !ignored else {
            @Traced(.presenter, self, "ignored") var call
            return
        }
        @Traced(.presenter, self, "went on") var call
        show("from the branch")
    }
}

@Suite("Tracer", .timeLimit(.minutes(1)))
struct TracerTests {
    @Test("outside an action nothing is recorded and the detail is never built")
    func freeWithoutContext() {
        var built = false
        func detail() -> String { built = true; return "x" }
        @Traced(.view, self, detail()) var call
        #expect(built == false)
    }

    @Test("an event records role, type, method, file and line under its action")
    func recordsEvent() throws {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        tracer.perform("Enter on [Show greeting]", pattern: "MVP") { Probe().run("hello") }
        let entry = try #require(buffer.entries.first)
        #expect(entry.action.label == "Enter on [Show greeting]")
        let event = try #require(entry.events.first)
        #expect(event.role == .presenter)
        #expect(event.type == "Probe")
        #expect(event.method == "run(_:)")
        #expect(event.call == "Probe.run")
        #expect(event.pattern == "MVP")
        #expect(event.detail == "hello")
        #expect(event.file.hasSuffix("TracerTests.swift"))
        #expect(event.location.hasPrefix("TracerTests.swift:"))
        #expect(event.depth == 0)
        #expect(event.caller == nil)
    }

    @Test("an event's caller is the traced method still running when it began; its depth counts them")
    func callersAreReal() {
        let buffer = TraceBuffer()
        Tracer(sinks: [buffer]).perform("tap", pattern: "MVP") { CallProbe().tap() }
        let events = buffer.events
        #expect(events.map(\.detail) == [
            "tap", "present", "from the presenter", "present", "from the presenter", "fail", "after the throw",
        ])
        let tap = events[0].sequence, first = events[1].sequence, second = events[3].sequence
        // The second presenter call is the view's, not the first one's: that one had returned; so
        // had the one that threw.
        #expect(events.map(\.caller) == [nil, tap, first, tap, second, tap, tap])
        #expect(events.map(\.depth) == [0, 1, 2, 1, 2, 1, 1])
        #expect(TraceCalls.callers(of: events) == [nil, 0, 1, 0, 3, 0, 0])
    }

    @Test("a scope opened inside a branch ends with the branch")
    func scopeEndsWithItsBlock() {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        tracer.perform("keys", pattern: "MVP") {
            CallProbe().ignore(true)
            CallProbe().show("next")
            CallProbe().ignore(false)
        }
        #expect(buffer.events.map(\.detail) == ["ignored", "next", "went on", "from the branch"])
        #expect(buffer.events.map(\.depth) == [0, 0, 0, 1])
    }

    @Test("a call from another thread, or later, or in another action has no caller")
    func noCallerAcrossThreadsTimeOrActions() async {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        let task = tracer.perform("load", pattern: "MVP") {
            @Traced(.presenter, CallProbe(), "load") var call
            let done = DispatchSemaphore(value: 0)
            let context = Trace.context
            Thread {
                Trace.$context.withValue(context) { CallProbe().show("elsewhere") }
                done.signal()
            }.start()
            #expect(done.wait(timeout: .now() + 10) == .success, "the other thread ran within 10 s")
            tracer.perform("nested action", pattern: "MVP") { CallProbe().show("another action") }
            return Task { CallProbe().show("reply") }
        }
        await task.value
        let events = buffer.events
        #expect(events.map(\.detail) == ["load", "elsewhere", "reply", "another action"])
        #expect(events.map(\.caller) == [nil, nil, nil, nil])
    }

    @Test("a static method is named by its type, not its metatype")
    func staticMethodType() throws {
        let buffer = TraceBuffer()
        Tracer(sinks: [buffer]).perform("x", pattern: "VIPER") { Probe.staticRun() }
        #expect(try #require(buffer.events.first).type == "Probe")
    }

    @Test("events recorded after the action's synchronous part returned are marked async")
    func asyncEvents() async throws {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        let task = tracer.perform("load", pattern: "MVP") {
            Probe().run("before")
            let task = Task { Probe().run("reply") }
            Probe().run("after")
            return task
        }
        await task.value
        let context = tracer.beginAction("typing", pattern: "MVP")
        context.run { Probe().run("first key") }
        Trace.$context.withValue(context) { Probe().run("a frame drawn later") }
        context.run { Probe().run("second key") }
        let events = buffer.events
        #expect(events.map(\.detail) == ["before", "after", "reply", "first key", "a frame drawn later", "second key"])
        #expect(events.map(\.isAsync) == [false, false, true, false, true, false])
    }

    @Test("an event from another thread during the synchronous part is async")
    func otherThread() {
        let buffer = TraceBuffer()
        Tracer(sinks: [buffer]).perform("key", pattern: "MVP") {
            let context = Trace.context
            let done = DispatchSemaphore(value: 0)
            Thread {
                Trace.$context.withValue(context) { Probe().run("elsewhere") }
                done.signal()
            }.start()
            #expect(done.wait(timeout: .now() + 10) == .success, "the other thread ran within 10 s")
            Probe().run("here")
        }
        #expect(buffer.events.map(\.isAsync) == [true, false])
    }

    @Test("events from a task started inside an action keep that action's id")
    func taskInheritsAction() async throws {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        let task = tracer.perform("load", pattern: "MVVM") {
            Task { Probe().run("later") }
        }
        tracer.perform("another key", pattern: "MVVM") { Probe().run("now") }
        await task.value
        let entries = buffer.entries
        #expect(entries.count == 2)
        #expect(entries[0].events.map(\.detail) == ["later"])
        #expect(entries[1].events.map(\.detail) == ["now"])
    }

    @Test("a restored context groups a late callback under the key press that caused it")
    func restoredContext() throws {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        let captured = tracer.perform("first", pattern: "MVC") { Trace.context }
        tracer.perform("second", pattern: "MVC") {}
        Trace.$context.withValue(captured) { Probe().run("callback") }
        #expect(buffer.entries[0].events.map(\.detail) == ["callback"])
        #expect(buffer.entries[1].events.isEmpty)
    }

    @Test("the buffer keeps at most its capacity, dropping whole old actions")
    func bufferCapacity() {
        let buffer = TraceBuffer(capacity: 10)
        let tracer = Tracer(sinks: [buffer])
        for index in 0..<20 {
            tracer.perform("key \(index)", pattern: "MVC") {
                for _ in 0..<3 { Probe().run("") }
            }
        }
        #expect(buffer.events.count <= 12)
        #expect(buffer.entries.last?.action.label == "key 19")
        #expect(buffer.entries.first?.action.label != "key 0")
    }

    @Test("action and event numbers increase")
    func numbering() {
        let buffer = TraceBuffer()
        let tracer = Tracer(sinks: [buffer])
        tracer.perform("a", pattern: "") { Probe().run("1"); Probe().run("2") }
        tracer.perform("b", pattern: "") { Probe().run("3") }
        let events = buffer.events
        #expect(events.map(\.sequence) == events.map(\.sequence).sorted())
        #expect(Set(events.map(\.sequence)).count == 3)
        #expect(buffer.entries[0].action.id < buffer.entries[1].action.id)
    }

    @Test("the JSON-lines sink appends one decodable object per event")
    func jsonLines() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-trace-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesSink(path: path)
        Tracer(sinks: [sink]).perform("Enter", pattern: "VIPER") { Probe().run("a \"quoted\" detail") }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let event = try JSONDecoder().decode(TraceEvent.self, from: Data(lines[1].utf8))
        #expect(event.detail == "a \"quoted\" detail")
        #expect(event.pattern == "VIPER")
    }

    @Test("the JSON-lines sink writes C1 and bidi controls as \\u escapes; the decoded strings are unchanged")
    func jsonLinesEscapesControls() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-trace-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesSink(path: path)
        let hostile = "a\u{85}b\u{9B}c\u{061C}\u{200E}\u{200F}\u{202A}\u{202E}\u{2066}\u{2069}é漢"
        Tracer(sinks: [sink]).perform("key \u{202E}x", pattern: "MVC") { Probe().run(hostile) }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let raw = text.unicodeScalars.filter {
            (0x80...0x9F).contains($0.value) || $0.value == 0x061C || (0x200E...0x200F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
        #expect(raw.isEmpty, "raw controls in the trace file: \(raw.map { String($0.value, radix: 16) })")
        #expect(text.contains("\\u202e"))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        let begin = try JSONDecoder().decode([String: String].self, from: Data(lines[0].utf8))
        #expect(begin["action"] == "key \u{202E}x")
        let event = try JSONDecoder().decode(TraceEvent.self, from: Data(lines[1].utf8))
        #expect(event.detail == hostile)
    }

    @Test("the JSON-lines sink names why it cannot open a path: a missing folder is not a permission problem")
    func jsonLinesBadPath() {
        #expect(throws: JSONLinesSink.OpenError.self) { try JSONLinesSink(path: "/nonexistent-dir/trace.jsonl") }
        do {
            _ = try JSONLinesSink(path: "/nonexistent-dir/trace.jsonl")
        } catch {
            #expect(error.description == "cannot write /nonexistent-dir/trace.jsonl: no such folder")
        }
    }

    @Test("a FIFO nobody reads is refused at once, not waited on")
    func jsonLinesFIFO() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mvx-fifo-\(UUID())").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try JSONLinesSink(path: path)
            Issue.record("opened a FIFO with no reader")
        } catch {
            #expect(error.description.hasSuffix("it is a FIFO no process is reading"))
        }
    }

    @Test("a full device loses lines, and the sink says so once, with the cause and the count")
    func jsonLinesFullDevice() throws {
        let sink = try JSONLinesSink(path: "/dev/full")
        #expect(sink.failure == nil)
        Tracer(sinks: [sink]).perform("Enter", pattern: "MVC") { Probe().run("one") }
        #expect(sink.failure == "writing /dev/full failed: no space left on the device; 2 trace lines lost")
    }
}
