import Mediator
import PatternVocabulary
import Shell
import Terminal
import Tracing

extension ReplayRunner: ActionReplaying {
    /// Replays `keys` on `screen` in every pattern that has it, each on the shared model as `model`
    /// holds it, and keeps each one's last action that ran a role method, with its counts and a
    /// verdict against the others: what compare shows. The actions after it that ran none (a ← on
    /// the first tab) are named, not compared: an empty column would hide the action the trace
    /// pane still shows.
    package func replayInEveryPattern(keys: [Key], screen: ScreenID, size: Size, model: AppStateValues?) async
        -> [ComparedAction] {
        var replays: [(pattern: PatternID, entries: [TraceBuffer.Entry]?, failure: String?)] = []
        for pattern in registry.patterns(offering: screen) {
            do {
                replays.append((pattern, try await run(pattern, screen, keys: keys, size: size, model: model), nil))
            } catch {
                replays.append((pattern, nil, error.description))
            }
        }
        let lengths = Set(replays.compactMap { $0.entries?.count })
        // Every replay saw the same actions (one per key, typing as one): compare one and the same
        // action in all, the last that ran a role method in any of them.
        let common = lengths.count == 1
            ? replays.compactMap { $0.entries?.lastIndex { !$0.events.isEmpty } }.max() : nil
        var columns = replays.map { replay -> ComparedAction in
            guard let entries = replay.entries else {
                return ComparedAction(pattern: replay.pattern, entry: nil, counts: ActionCounts(events: []), verdict: "",
                                      failure: replay.failure)
            }
            let index = common ?? entries.lastIndex { !$0.events.isEmpty } ?? entries.indices.last
            let entry = index.map { entries[$0] }
            var column = ComparedAction(pattern: replay.pattern, entry: entry, counts: ActionCounts(events: entry?.events ?? []),
                                        verdict: "", failure: nil)
            column.quietAfter = index.map { entries[($0 + 1)...].map(\.action.label) } ?? []
            return column
        }
        let replayed = columns.filter { $0.failure == nil }
        let verdicts = CompareVerdict.verdicts(
            for: Dictionary(uniqueKeysWithValues: replayed.map { ($0.pattern, $0.counts) }),
            viewCalls: Dictionary(uniqueKeysWithValues: replayed.map { ($0.pattern, CallPaths.viewCalls(in: $0.entry?.events ?? [])) }))
        for index in columns.indices { columns[index].verdict = verdicts[columns[index].pattern] ?? "" }
        return columns
    }
}
