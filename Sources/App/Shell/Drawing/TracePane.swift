import Terminal
import Tracing

/// Where the live trace pane starts: the first line of one event of one action (`event` -1 is the
/// action's header). The reducer moves it (`TracePane.follow`) only when the newest line would
/// no longer fit; between those jumps the pane's rows keep their contents.
package struct TraceAnchor: Equatable, Sendable {
    /// The action whose line is at the top of the pane.
    package var action: UInt64
    /// The index of the event whose first line is at the top; -1 for the action's header.
    package var event: Int

    package init(action: UInt64, event: Int) {
        self.action = action
        self.event = event
    }
}

/// The right-hand pane: the latest actions, each key press followed by the role methods it
/// reached (written by `TraceLines`).
///
/// It fills downwards like a page of a pager, and when the newest line no longer fits it jumps:
/// the newest action's header moves to the top and the space below fills again. A line scroll
/// would move every row, and a terminal then rewrites the whole pane (half the screen's width, so
/// it cannot scroll it alone) for every key; with a page that stays put, a key press sends only
/// its own new lines, and a whole page only when the pane jumps.
enum TracePane {
    /// Draws the live page (from `anchor`), or `scroll` lines above it, with `↓ N more` below
    /// when scrolled. Without an anchor that fits, the newest lines, bottom-aligned.
    @MainActor
    static func draw(_ entries: [TraceBuffer.Entry], anchor: TraceAnchor?, scroll: Int, in canvas: Canvas) {
        let height = canvas.size.height
        guard height > 0 else { return }
        let width = canvas.size.width
        let live = anchor.flatMap { liveLineCount(entries, from: $0, width: width, limit: height) } ?? height
        let lines = lastLines(of: entries, width: width, count: live + max(0, scroll) + 1)
        if lines.isEmpty {
            canvas.draw("Press a key: every role method it", at: Point(x: 1, y: 0), style: ShellTheme.detail)
            canvas.draw("reaches is listed here, in order.", at: Point(x: 1, y: 1), style: ShellTheme.detail)
            return
        }
        let top = max(0, lines.count - live - max(0, scroll))
        let shown = lines[top..<min(lines.count, top + height)]
        for (row, line) in shown.enumerated() {
            line.draw(row: row, in: canvas)
        }
        ScrollMarker.draw(remaining: lines.count - (top + shown.count), in: canvas)
    }

    /// The largest useful scroll offset for a pane of `size` (looking no further back than `limit`):
    /// every line above the live page's top.
    static func maxScroll(_ entries: [TraceBuffer.Entry], anchor: TraceAnchor?, size: Size, limit: Int) -> Int {
        let live = anchor.flatMap { liveLineCount(entries, from: $0, width: size.width, limit: size.height) } ?? size.height
        let lines = lastLines(of: entries, width: size.width, count: live + max(0, limit) + 1)
        return max(0, lines.count - live)
    }

    /// Whether the pane shows lines above its top (a jump happened): the title says so.
    static func hasEarlierLines(_ entries: [TraceBuffer.Entry], anchor: TraceAnchor?, size: Size) -> Bool {
        maxScroll(entries, anchor: anchor, size: size, limit: 1) > 0
    }

    // MARK: - The page rule

    /// The anchor for the next frame: `anchor` while every line from it to the newest fits in a
    /// pane of `size`; else a jump — the newest action's header at the top, or, for an action
    /// longer than the pane, the events of its end that fill the pane (as much of it as fits: a
    /// half-empty pane would hide the part of it the reader is looking for).
    static func follow(_ anchor: TraceAnchor?, _ entries: [TraceBuffer.Entry], size: Size) -> TraceAnchor? {
        guard size.height > 0, size.width > 0 else { return anchor }
        guard let newest = entries.last(where: { !$0.events.isEmpty }) else { return nil }
        if let anchor, liveLineCount(entries, from: anchor, width: size.width, limit: size.height) != nil {
            return anchor
        }
        let newestLines = TraceLines.lastLines(of: newest, width: size.width, count: size.height + 1)
        if newestLines.isWhole, newestLines.lines.count <= size.height {
            return TraceAnchor(action: newest.action.id, event: -1)
        }
        // Too long for the pane: from the end back, the events that fill it.
        let room = size.height
        var used = 0
        var first = newest.events.count
        while first > 0 {
            let count = TraceLines.lines(for: newest.events[first - 1], width: size.width).count
            if used + count > room { break }
            used += count
            first -= 1
        }
        // One event taller than the pane still goes at the top, cut below.
        return TraceAnchor(action: newest.action.id, event: min(first, newest.events.count - 1))
    }

    /// How many lines the pane holds from `anchor` to the newest line, or nil when that is more than
    /// `limit` or the anchor's action has left the buffer. Formats no more than `limit` + 1 lines.
    static func liveLineCount(_ entries: [TraceBuffer.Entry], from anchor: TraceAnchor, width: Int, limit: Int) -> Int? {
        guard let start = entries.lastIndex(where: { $0.action.id == anchor.action }) else { return nil }
        var total = 0
        for (offset, entry) in entries[start...].enumerated() where offset == 0 || !entry.events.isEmpty {
            var first = 0
            if offset == 0 {
                guard anchor.event < entry.events.count else { return nil }
                if anchor.event < 0 { total += 1 } else { first = anchor.event }
            } else {
                total += 1  // the header
            }
            for event in entry.events[first...] {
                total += TraceLines.lines(for: event, width: width).count
                if total > limit { return nil }
            }
            if total > limit { return nil }
        }
        return total
    }

    /// At least the last `count` lines (whole actions), formatted from the newest action backwards:
    /// the buffer may hold thousands of events but a frame only shows a screenful.
    private static func lastLines(of entries: [TraceBuffer.Entry], width: Int, count: Int) -> [TraceLine] {
        var chunks: [[TraceLine]] = []
        var total = 0
        for entry in entries.reversed() where !entry.events.isEmpty {
            let (lines, isWhole) = TraceLines.lastLines(of: entry, width: width, count: count - total)
            chunks.append(lines)
            total += lines.count
            if total >= count || !isWhole { break }
        }
        return chunks.reversed().flatMap { $0 }
    }
}
