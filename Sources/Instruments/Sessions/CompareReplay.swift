import Mediator
import PatternVocabulary
import Shell
import Terminal
import Tracing

extension ReplayRunner: ActionReplaying {
    /// Replays `keys` on `screen` in every pattern that has it and keeps each one's last action,
    /// with its counts and a verdict against the others: what compare shows.
    package func replayInEveryPattern(keys: [Key], screen: ScreenID, size: Size) async -> [ComparedAction] {
        var columns: [ComparedAction] = []
        for pattern in registry.patterns(offering: screen) {
            do {
                let entry = try await run(pattern, screen, keys: keys, size: size).last
                columns.append(ComparedAction(pattern: pattern, entry: entry, counts: ActionCounts(events: entry?.events ?? []),
                                              verdict: "", failure: nil))
            } catch {
                columns.append(ComparedAction(pattern: pattern, entry: nil, counts: ActionCounts(events: []), verdict: "",
                                              failure: error.description))
            }
        }
        let replayed = columns.filter { $0.failure == nil }
        let verdicts = CompareVerdict.verdicts(for: Dictionary(uniqueKeysWithValues: replayed.map { ($0.pattern, $0.counts) }))
        for index in columns.indices { columns[index].verdict = verdicts[columns[index].pattern] ?? "" }
        return columns
    }
}
