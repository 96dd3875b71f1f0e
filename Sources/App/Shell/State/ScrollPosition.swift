import Terminal

/// How far content taller than its page is scrolled (compare, metrics, the help overlay). The
/// page and content heights are not stored: they follow from the terminal's size and the content,
/// so the key handling and the drawing work them out alike and drawing never writes back.
package struct ScrollPosition: Equatable, Sendable {
    /// The first line shown.
    package private(set) var offset = 0

    package init() {}

    /// Moves for ↑↓ PgUp PgDn Home End and says whether the key was one of them.
    mutating func handle(_ key: Key, page: Int, content: Int) -> Bool {
        let step = max(1, page - 1)  // a page keeps one line of the last for context
        switch key {
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= step
        case .pageDown: offset += step
        case .home: offset = 0
        case .end: offset = Self.maxOffset(page: page, content: content)
        default: return false
        }
        offset = clamped(page: page, content: content)
        return true
    }

    /// The offset kept in range for a page and content (a shrunken content pulls it back).
    func clamped(page: Int, content: Int) -> Int {
        min(max(0, offset), Self.maxOffset(page: page, content: content))
    }

    /// Lines below the page.
    func remaining(page: Int, content: Int) -> Int {
        Self.maxOffset(page: page, content: content) - clamped(page: page, content: content)
    }

    static func maxOffset(page: Int, content: Int) -> Int {
        max(0, content - max(1, page))
    }
}
