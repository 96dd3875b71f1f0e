import Model
import FakeServer
import Mediator
import Networking
import PatternVocabulary
import Terminal
import Tracing
import Widgets

extension PanelID {
    /// Network inspector (`n`): the recent requests and live controls of the fake network.
    package static let network = PanelID("network")
}

/// A change to the fake network that a network inspector key asks for.
package enum NetworkControl: Equatable, Sendable {
    case stepLatency(up: Bool)
    case toggleOffline
    /// The fake device moves to this network type (the network layer posts the change).
    case switchNetworkType(NetworkType)
    /// Arms a one-shot failure of this kind, or disarms the armed one.
    case toggleFailNext(FailureKind)
    /// A failure is armed: it becomes one of this kind.
    case rearmFailure(FailureKind)
    case emptyCache
}

/// The network inspector, in the trace pane's place so the module stays live beside it: the
/// scenario's live controls (latency, offline, a one-shot failure, the cache) on top, then the
/// environment's request journal, newest first — API, page, outcome, latency — with the selected
/// request opened: its parameters, attempt, size, the policy's decision and the interceptor hooks
/// that ran. It only reads the journal; the shell redraws when the journal says it changed.
///
/// Keys it does not use reach the module as if it were closed, so `r`, arrows and Enter work on
/// the listings while their requests are watched here; a focused text field gets every letter.
package struct NetworkPanel: ShellPanel {
    let id = PanelID.network
    let placement = PanelPlacement.tracePane

    /// The kind `f` arms; `k` cycles it.
    private(set) var failureKind: FailureKind
    /// The record chosen with `<` `>`; nil follows the newest.
    private(set) var selectedID: Int?

    @MainActor
    init(network: NetworkEnvironment) {
        failureKind = network.scenario?.nextFailure ?? .timeout
    }

    func title(in context: PanelContext) -> String {
        let inFlight = context.network.journal.inFlightCount
        return inFlight == 0 ? "Network · idle" : "Network · \(inFlight) in flight"
    }

    /// The record shown opened: the chosen one while it is kept, else the newest.
    @MainActor
    func selectedRecord(in journal: RequestJournal) -> RequestRecord? {
        selectedID.flatMap(journal.record) ?? journal.records.last
    }

    // MARK: - Keys

    mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult {
        // A text field takes every letter, as it takes the shell's own.
        if case .character = key, context.moduleHasTextFocus { return .passOn }
        let control: NetworkControl
        switch Keymap.command(for: key, in: id) {
        case .stepLatency(let up)?: control = .stepLatency(up: up)
        case .toggleOffline?: control = .toggleOffline
        case .cycleNetworkType?:
            control = .switchNetworkType(Self.networkType(after: context.network.scenario?.current.networkType ?? .wifi))
        case .toggleFailNext?: control = .toggleFailNext(failureKind)
        case .emptyCache?: control = .emptyCache
        case .cycleFailureKind?:
            let kinds = FailureKind.allCases
            failureKind = kinds[((kinds.firstIndex(of: failureKind) ?? 0) + 1) % kinds.count]
            control = .rearmFailure(failureKind)
        case .selectRequest(let newer)?:
            moveSelection(newer: newer, in: context.network.journal)
            return .consumed
        case .close?: return .close
        default: return .passOn
        }
        return .effect(.network(control, key: key))
    }

    /// The type `y` moves to: one step down the list, offline wrapping round to Wi-Fi.
    static func networkType(after type: NetworkType) -> NetworkType {
        let types = NetworkType.allCases
        return types[((types.firstIndex(of: type) ?? 0) + 1) % types.count]
    }

    /// The keys that bring a replay of the screen's keys from `replayType` (the type a replay of
    /// the keys recorded so far ends on; Wi-Fi at first) to the network type `control` leaves the
    /// network on: open the inspector, `y` until that type, close it — and that type. Compare (`c`)
    /// replays the keys sent to the screen; the shell records these there, so a change of type is
    /// replayed in every pattern and its last step (the notification and the role that catches it)
    /// is the action compared. Nil for the other controls.
    @MainActor
    static func replayKeys(
        for control: NetworkControl, from replayType: NetworkType, on network: NetworkEnvironment
    ) -> (keys: [Key], type: NetworkType)? {
        let target: NetworkType
        switch control {
        case .switchNetworkType(let type): target = type
        case .toggleOffline:
            guard let scenario = network.scenario?.current else { return nil }
            target = scenario.offline ? scenario.networkTypeBeforeOffline : .offline
        default: return nil
        }
        let types = NetworkType.allCases
        guard let from = types.firstIndex(of: replayType), let to = types.firstIndex(of: target),
              let toggle = Keymap.key(for: .togglePanel(.network)),
              let next = Keymap.key(for: .cycleNetworkType, in: .network) else { return nil }
        // Already there is a whole round: its last step is the change.
        let distance = (to - from + types.count) % types.count
        let steps = distance == 0 ? types.count : distance
        return ([toggle] + Array(repeating: next, count: steps) + [toggle], target)
    }

    @MainActor
    private mutating func moveSelection(newer: Bool, in journal: RequestJournal) {
        let records = journal.records
        guard let current = selectedRecord(in: journal), let index = records.firstIndex(where: { $0.id == current.id })
        else { return }
        let target = newer ? index + 1 : index - 1
        guard records.indices.contains(target) else { return }
        // Reaching the newest again resumes following it.
        selectedID = target == records.count - 1 ? nil : records[target].id
    }

    /// Carries out a control on the fake network; `action` runs its argument as a trace action of
    /// its own, so the trace shows each change before the failures it explains.
    @MainActor
    static func handle(_ control: NetworkControl, on network: NetworkEnvironment, as action: (() -> Void) -> Void) {
        if control == .emptyCache {
            return action {
                network.cache.removeAll()
                network.images.cache.removeAll()
            }
        }
        // The app always sends through the fake server; another transport has no scenario to change.
        guard let scenario = network.scenario else { return }
        switch control {
        case .stepLatency(let up):
            action {
                let old = scenario.current.latency
                scenario.update { $0.latency = Scenario.steppedLatency($0.latency, up: up) }
                @Traced(.network, Self.self, "latency \(describe(old)) → \(describe(scenario.current.latency))") var call
            }
        case .toggleOffline:
            // Offline is a network type: going offline or back posts the change like `y` does.
            let current = scenario.current
            let type = current.offline ? current.networkTypeBeforeOffline : .offline
            action {
                @Traced(.network, Self.self, type.isOnline ? "online" : "offline: every request fails at once") var call
                network.switchNetworkType(to: type)
            }
        case .switchNetworkType(let type):
            action {
                @Traced(.network, Self.self, "network type → \(type.rawValue)") var call
                network.switchNetworkType(to: type)
            }
        case .toggleFailNext(let kind):
            action {
                scenario.nextFailure = scenario.nextFailure == nil ? kind : nil
                @Traced(.network, Self.self, "fail next: " + (scenario.nextFailure.map { "\($0.rawValue) armed" } ?? "disarmed")) var call
            }
        case .rearmFailure(let kind):
            // An armed failure follows the choice, so what is shown is what will happen. In one
            // lock: the server may take the armed failure at any moment, and must not get it back.
            var rearmed = false
            scenario.update {
                guard $0.nextFailure != nil else { return }
                $0.nextFailure = kind
                rearmed = true
            }
            if rearmed { action { @Traced(.network, Self.self, "fail next: \(kind.rawValue) armed") var call } }
        case .emptyCache:
            break  // handled above: the cache is the network layer's, whatever the transport
        }
    }

    // MARK: - Drawing

    private typealias Line = TraceLine
    private typealias Segment = TraceLine.Segment

    func draw(into canvas: Canvas, context: PanelContext) {
        let width = canvas.size.width, height = canvas.size.height
        guard width > 0, height > 0 else { return }
        let network = context.network
        let controls = controlLines(of: network, width: width)
        let keyRow = height - 1
        let note = PanelNote.lines(Self.note(trace: context.trace, pattern: context.pattern), width: width).prefix(max(0, keyRow))
        for (row, line) in note.enumerated() { line.draw(row: row, in: canvas) }
        for (row, line) in controls.prefix(max(0, keyRow - note.count)).enumerated() { line.draw(row: note.count + row, in: canvas) }
        var row = note.count + controls.count
        if row < keyRow {
            let journal = network.journal
            let count = journal.records.count
            let heading = count == 0 ? "─ requests " : "─ \(count) request\(count == 1 ? "" : "s"), newest first "
            let rule = DisplayWidth.truncate(heading + String(repeating: "─", count: max(0, width)), to: width, ellipsis: "─")
            canvas.draw(rule, at: Point(x: 0, y: row), style: ShellTheme.rule)
            row += 1
        }
        if row < keyRow {
            drawRecords(of: network.journal, in: canvas.subcanvas(Rect(x: 0, y: row, width: width, height: keyRow - row)))
        }
        drawKeys(in: canvas.subcanvas(Rect(x: 0, y: keyRow, width: width, height: 1)), typing: context.moduleHasTextFocus)
    }

    /// What to notice: the role of `pattern` the newest reply landed in, the delegate the
    /// manager called (casatwy's landing point), read from the trace.
    @MainActor
    static func note(trace: TraceBuffer, pattern: PatternID) -> String {
        let plumbing: Set<Role> = [.network, .cache, .reformer, .notification, .shell]
        for entry in trace.suffix(100).reversed() {
            let callers = TraceCalls.callers(of: entry.events)
            for (event, caller) in zip(entry.events, callers).reversed() where event.pattern == pattern.name {
                guard let caller, entry.events[caller].role == .network, !plumbing.contains(event.role) else { continue }
                return "the newest reply landed in the \(event.role.noun): \(event.call)"
            }
        }
        return "no reply has landed in \(pattern.name) yet"
    }

    /// The live controls, one per row: its keys, its name, its state.
    @MainActor
    private func controlLines(of network: NetworkEnvironment, width: Int) -> [Line] {
        let scenario = network.scenario?.current ?? .instant
        /// `narrow`, when given, replaces a `value` too wide for the pane (80 columns leave about 20).
        func line(_ keys: String, _ name: String, _ value: String, _ style: Style = .plain, narrow: String? = nil) -> Line {
            let keyText = " " + DisplayWidth.pad(keys, to: 4) + " "
            let nameText = DisplayWidth.pad(name, to: 10)
            let room = max(0, width - DisplayWidth.of(keyText) - DisplayWidth.of(nameText))
            let shown = DisplayWidth.of(value) > room ? narrow ?? value : value
            return Line(segments: [Segment(text: keyText, style: ShellTheme.keyName),
                                   Segment(text: nameText, style: ShellTheme.keyLabel),
                                   Segment(text: DisplayWidth.truncate(shown, to: room), style: style)],
                        trailing: nil)
        }
        let armed = scenario.nextFailure
        let data = network.cache.statistics, pictures = network.images.cache.statistics
        let rates = scenario.failureRates.total
        func keys(_ commands: PanelCommand...) -> String { Keymap.keys(for: commands, in: id) }
        // The operation log's queue and batches, when the app keeps one (headless sessions do not).
        let logLines = network.operationLog.map { log in
            [line("", "op log", Self.queueText(of: log), log.problem == nil ? ShellTheme.detail : ShellTheme.notice),
             line("", "batches", Self.batchesText(of: log), ShellTheme.detail)]
        } ?? []
        return [
            line(keys(.stepLatency(up: true)), "latency", Self.describe(scenario.latency)),
            line(keys(.cycleNetworkType), "network", scenario.networkType.rawValue,
                 scenario.networkType == .wifi ? .plain : ShellTheme.notice),
            line(keys(.toggleOffline), "offline", scenario.offline ? "on · requests fail" : "off",
                 scenario.offline ? ShellTheme.networkFailed : .plain),
            line(keys(.cycleFailureKind, .toggleFailNext), "fail next", armed.map { "\($0.rawValue) · armed" } ?? "\(failureKind.rawValue) · off",
                 armed == nil ? .plain : ShellTheme.notice),
            line(keys(.emptyCache), "cache", Self.cacheText(data), data.disk?.problem == nil ? .plain : ShellTheme.notice,
                 narrow: Self.entriesText(data.memoryEntries, data.disk)),
            line("", "pictures", Self.picturesText(pictures), pictures.disk?.problem == nil ? ShellTheme.detail : ShellTheme.notice,
                 narrow: Self.entriesText(pictures.memoryEntries, pictures.disk)),
            line("", "hits", Self.hitsText(data, pictures), ShellTheme.detail, narrow: Self.hitsText(data, pictures, narrow: true)),
            line("", "random", (rates == 0 ? "no failures" : "\(Self.percent(rates)) fail") + " · seed \(scenario.seed)",
                 ShellTheme.detail),
        ] + logLines
    }

    /// The data cache's entries and bytes per tier; the disk tier's state when it is off.
    static func cacheText(_ statistics: ResponseCache.Statistics) -> String {
        "\(statistics.memoryEntries) mem \(ByteCountText.of(statistics.memoryBytes)) · "
            + diskText(statistics.disk) { "\($0.entries) disk \(ByteCountText.of($0.bytes))" }
    }

    /// The picture cache's entries and bytes per tier.
    static func picturesText(_ statistics: ImageCache.Statistics) -> String {
        "\(statistics.memoryEntries) mem \(ByteCountText.of(statistics.memoryBytes)) · "
            + diskText(statistics.disk) { "\($0.entries) disk \(ByteCountText.of($0.bytes))" }
    }

    /// Hits per tier and evictions, data and pictures together; bad files replaced, if any.
    static func hitsText(_ data: ResponseCache.Statistics, _ pictures: ImageCache.Statistics, narrow: Bool = false) -> String {
        let memory = data.memoryHits + pictures.memoryHits
        let disk = (data.disk?.hits ?? 0) + (pictures.disk?.hits ?? 0)
        let evicted = data.memoryEvictions + pictures.memoryEvictions + (data.disk?.evictions ?? 0) + (pictures.disk?.evictions ?? 0)
        let replaced = (data.disk?.discarded ?? 0) + (pictures.disk?.discarded ?? 0)
        if narrow { return "\(memory) mem \(disk) disk \(evicted) out" + (replaced == 0 ? "" : " \(replaced) bad") }
        return "\(memory) mem · \(disk) disk · \(evicted) evicted" + (replaced == 0 ? "" : " · \(replaced) bad files replaced")
    }

    /// Entries per tier alone, for a narrow pane.
    static func entriesText(_ memory: Int, _ disk: DiskCache.Statistics?) -> String {
        "\(memory) mem · " + (disk.map { $0.problem == nil ? "\($0.entries) disk" : "disk off!" } ?? "disk off")
    }

    private static func diskText(_ disk: DiskCache.Statistics?, _ figures: (DiskCache.Statistics) -> String) -> String {
        guard let disk else { return "disk off" }
        return disk.problem.map { "disk off: \($0)" } ?? figures(disk)
    }

    @MainActor
    private func drawRecords(of journal: RequestJournal, in canvas: Canvas) {
        let records = journal.records
        let width = canvas.size.width, height = canvas.size.height
        guard !records.isEmpty else {
            let hint = "No requests yet. Open the listings (l), switch source (← →) or retry (r): each call to an API manager is listed here."
            for (row, text) in TextWrapping.lines(of: hint, width: width - 2).prefix(height).enumerated() {
                canvas.draw(" " + text, at: Point(x: 0, y: row), style: ShellTheme.detail)
            }
            return
        }
        let selected = selectedRecord(in: journal)?.id
        var lines: [Line] = []
        var selectedRange = 0..<0
        for record in records.reversed() {
            let isSelected = record.id == selected
            let start = lines.count
            lines.append(summary(of: record, selected: isSelected, width: width))
            if isSelected {
                lines += details(of: record, width: width)
                selectedRange = start..<lines.count
            }
        }
        // Scroll just enough to show the opened record whole (its head, when taller than the pane).
        let offset = max(0, min(selectedRange.lowerBound, selectedRange.upperBound - height))
        for (row, line) in lines.dropFirst(offset).prefix(height).enumerated() {
            line.draw(row: row, in: canvas)
        }
        ScrollMarker.draw(remaining: lines.count - offset - height, in: canvas)
    }

    /// One row: marker, number, API and page on the left; outcome and latency on the right.
    private func summary(of record: RequestRecord, selected: Bool, width: Int) -> Line {
        let (outcome, style) = Self.outcome(of: record)
        let latency = Self.latencyText(of: record).map { " " + $0 } ?? ""
        let right = " " + outcome + latency + " "
        let left = (selected ? "▸" : " ") + "\(record.id) \(record.method)" + (record.page.map { " p\($0)" } ?? "")
        let room = max(0, width - DisplayWidth.of(right))
        let leftText = DisplayWidth.pad(left, to: room)
        return Line(segments: [Segment(text: leftText, style: selected ? ShellTheme.actionHeader : .plain),
                               Segment(text: DisplayWidth.truncate(right, to: width - DisplayWidth.of(leftText)), style: style)],
                    trailing: nil)
    }

    /// The opened record: the request as sent, what was decided and why, and the interceptor hooks.
    private func details(of record: RequestRecord, width: Int) -> [Line] {
        var texts: [String] = []
        let room = max(1, width - 4)
        if let parameters = record.parameters {
            let query = parameters.canonicalString.isEmpty ? "" : "?" + parameters.canonicalString
            // The query has no spaces to wrap at: when the whole request is too wide, it gets its own line.
            if DisplayWidth.of("GET \(record.method)\(query)") <= room || query.isEmpty {
                texts.append("GET \(record.method)\(query)")
            } else {
                texts += ["GET \(record.method)", query]
            }
        }
        var facts: [String] = []
        if let attempt = record.attempt { facts.append("attempt \(attempt + 1)") }
        if let bytes = record.byteCount { facts.append("\(bytes) bytes") }
        facts.append("at \(Self.seconds(record.startedAt))")
        texts.append(facts.joined(separator: " · "))
        switch record.outcome {
        case .inFlight: texts.append("waiting for the reply")
        case .succeeded(let items): texts.append("delivered" + (items.map { ": \($0) items" } ?? ""))
        case .failed(let error): texts.append(error.userMessage)
        case .cacheHit: texts.append("policy: \(record.cacheTier?.rawValue ?? "memory") cache hit, nothing sent")
        case .ignored(let reason, let joined):
            texts.append("policy: ignored, \(reason)" + (joined.map { "; the caller joined \($0)" } ?? ""))
        case .cancelled(let reason): texts.append("cancelled: \(reason); a late reply is dropped")
        case .rejected(let error): texts.append("not sent: " + error.userMessage)
        case .vetoed(let interceptor): texts.append("not sent: vetoed by \(interceptor)")
        }
        let hooks = record.interceptorCalls.map { $0.point.rawValue + ($0.count > 1 ? "×\($0.count)" : "") }
        texts.append(hooks.isEmpty ? "no interceptor ran" : "hooks " + hooks.joined(separator: " "))
        let indent = "   "
        return texts.flatMap { text in
            TextWrapping.lines(of: text, width: room).map {
                Line(segments: [Segment(text: indent + $0, style: ShellTheme.detail)], trailing: nil)
            }
        }
    }

    /// The key line, from the key map: every key with its word where there is room (the controls
    /// above name theirs), else the control keys together, else all keys but close together.
    @MainActor
    private func drawKeys(in canvas: Canvas, typing: Bool) {
        if typing {
            // The keys below would be typed: say so rather than list keys that do nothing now.
            let hint = " typing: letters go to the field · ↑↓ leave it"
            canvas.draw(DisplayWidth.truncate(hint, to: canvas.size.width), at: .zero, style: ShellTheme.detail)
            return
        }
        let bindings = Keymap.bindings(in: .panel(id))
        let isControl = { (binding: KeyBinding) in
            binding.panelCommands.values.contains { if case .selectRequest = $0 { false } else { $0 != .close } }
        }
        let controls = bindings.filter(isControl).map { ($0.keys, $0.label ?? "") }
        let others = bindings.filter { !isControl($0) }.map { ($0.keys, $0.label ?? "") }
        let controlKeys = controls.map(\.0).joined(separator: " ")
        let variants = [controls + others, [(controlKeys, "")] + others,
                        [((controlKeys + " " + others.dropLast().map(\.0).joined(separator: " ")), "")] + others.suffix(1)]
        func width(_ items: [(String, String)]) -> Int {
            items.reduce(1) { $0 + KeyBar.width(of: $1) } - 2
        }
        let items = variants.first { width($0) <= canvas.size.width } ?? variants[variants.count - 1]
        var x = 1
        for item in items { KeyBar.draw(item, at: &x, in: canvas) }
    }

    // MARK: - Formatting (static: tested on their own)

    /// `50–400 ms`, `120 ms`, `0 ms`, `0.8–6.4 s`.
    /// `7 waiting · 30 queued · on disk`: the entries not yet sent, and where they are kept.
    @MainActor
    static func queueText(of log: OperationLog) -> String {
        let queued = log.unsentCount - log.waiting.count
        let place = log.problem == nil ? (log.fileURL == nil ? "in memory" : "on disk") : "in memory (disk failed)"
        return "\(log.waiting.count) waiting" + (queued == 0 ? "" : " · \(queued) queued") + " · \(place)"
    }

    /// The last batches, newest first: `#2 30 sent · #1 7 leftover sent`.
    @MainActor
    static func batchesText(of log: OperationLog) -> String {
        guard !log.batches.isEmpty else { return "none yet · \(OperationLog.batchSize) entries a batch" }
        return log.batches.suffix(3).reversed().map { batch in
            let status = switch batch.status {
            case .sending: "sending"
            case .sent(_, let duplicates): duplicates == 0 ? "sent" : "sent (\(duplicates) already there)"
            case .failed: "failed, kept"
            }
            return "#\(batch.number) \(batch.count)\(batch.isLeftover ? " leftover" : "") \(status)"
        }.joined(separator: " · ")
    }

    static func describe(_ range: ClosedRange<Duration>) -> String {
        let lower = milliseconds(range.lowerBound), upper = milliseconds(range.upperBound)
        if upper >= 1000 {
            let format = { (value: Double) in Self.trimmed(value / 1000) }
            return lower == upper ? "\(format(upper)) s" : "\(format(lower))–\(format(upper)) s"
        }
        let low = Int(lower.rounded()), high = Int(upper.rounded())
        return low == high ? "\(high) ms" : "\(low)–\(high) ms"
    }

    /// The words and colour for a record's outcome.
    static func outcome(of record: RequestRecord) -> (String, Style) {
        switch record.outcome {
        case .inFlight: ("… in flight", ShellTheme.notice)
        case .succeeded(let items): ("✓ " + (items.map { "\($0) items" } ?? "ok"), ShellTheme.networkOK)
        case .failed(let error): ("✗ " + error.shortName, ShellTheme.networkFailed)
        case .cacheHit: (record.cacheTier == .disk ? "✓ disk hit" : "✓ cache hit", ShellTheme.networkCached)
        case .ignored: ("– ignored", ShellTheme.detail)
        case .cancelled: ("– cancelled", ShellTheme.detail)
        case .rejected: ("✗ parameters", ShellTheme.networkFailed)
        case .vetoed: ("– vetoed", ShellTheme.detail)
        }
    }

    /// The latency of a request that was sent or answered from the cache; nothing otherwise.
    static func latencyText(of record: RequestRecord) -> String? {
        switch record.outcome {
        case .succeeded, .failed, .cacheHit, .cancelled:
            guard record.sentAt != nil || record.outcome == .cacheHit, let latency = record.latency else { return nil }
            let value = milliseconds(latency)
            return value < 1000 ? "\(Int(value.rounded())) ms" : "\(trimmed(value / 1000)) s"
        case .inFlight, .ignored, .rejected, .vetoed:
            return nil
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        duration / .milliseconds(1)
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = duration / .seconds(1)
        // No space before the unit: the detail lines wrap at spaces, and "s" alone on a line reads as nothing.
        return String(Int(value)) + "." + String(Int((value * 10).rounded(.down)) % 10) + "s"
    }

    private static func percent(_ fraction: Double) -> String {
        trimmed(fraction * 100) + "%"
    }

    /// A number with at most one decimal, and none when it is whole: `0.8`, `3.2`, `20`.
    private static func trimmed(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}
