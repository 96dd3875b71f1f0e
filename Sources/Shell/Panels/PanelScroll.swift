import Terminal

/// The scroll position of content taller than its page (compare, metrics, the help overlay): the
/// keys move it, each frame tells it the page and content heights, and it stays in range.
struct PanelScroll {
    private(set) var offset = 0
    private(set) var pageHeight = 1
    private(set) var maxOffset = 0

    /// Moves for ↑↓ PgUp PgDn Home End and says whether the key was one of them.
    mutating func handle(_ key: Key) -> Bool {
        let page = max(1, pageHeight - 1)  // a page keeps one line of the last for context
        switch key {
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= page
        case .pageDown: offset += page
        case .home: offset = 0
        case .end: offset = maxOffset
        default: return false
        }
        offset = min(max(0, offset), maxOffset)
        return true
    }

    /// Records what the frame being drawn holds; a shrunken content pulls the offset back.
    mutating func layout(contentHeight: Int, pageHeight: Int) {
        self.pageHeight = max(1, pageHeight)
        maxOffset = max(0, contentHeight - self.pageHeight)
        offset = min(offset, maxOffset)
    }

    /// Lines below the page.
    var remaining: Int { maxOffset - offset }
}

extension PanelKeyResult {
    /// For a key a panel over the body does not use: the shell's own keys (quit, help, switching)
    /// pass on; anything else stops here, since the module it would reach is hidden.
    @MainActor
    static func shellKeysPass(_ key: Key) -> PanelKeyResult {
        Keymap.command(for: key) != nil || Keymap.isGlobal(key) ? .ignored : .handled
    }
}
