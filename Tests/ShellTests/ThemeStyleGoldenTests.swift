import Foundation
import PatternVocabulary
import Terminal
import Testing
@testable import Shell

/// The text goldens hold no styles; these hold them, per theme: every run of text on the screen
/// with the colours and attributes the terminal is sent for it under that theme — the 256-colour
/// number with its 8-colour fallback (`-` the terminal's own), the background, the attributes.
/// Blank runs that look blank (no background, no reverse, no underline) are left out.
@MainActor
@Suite("Golden styles per theme", .hangWatchdog)
struct ThemeStyleGoldenTests {
    static func name(_ color: Color) -> String {
        switch color {
        case .default: "-"
        case .indexed(let index, let fallback): "\(index)/\(fallback.map { "\($0)" } ?? "-")"
        default: "\(color.basic.map { "\($0)" } ?? "-")"
        }
    }

    static func describe(_ style: Style) -> String {
        var parts = ["fg \(name(style.foreground))"]
        if style.background != .default { parts.append("bg \(name(style.background))") }
        let attributes: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline")]
        parts += attributes.filter { style.attributes.contains($0.0) }.map(\.1)
        return parts.joined(separator: " · ")
    }

    /// One line per run of cells in one style, as drawn on `appearance`'s background.
    static func styleMap(of screen: MemoryScreen, on appearance: Appearance) -> String {
        var lines: [String] = []
        for y in 0..<screen.size.height {
            var x = 0
            while x < screen.size.width {
                let style = screen.cell(x: x, y: y).style.resolved(for: appearance)
                var text = ""
                let start = x
                while x < screen.size.width, screen.cell(x: x, y: y).style.resolved(for: appearance) == style {
                    if let character = screen.cell(x: x, y: y).character { text.append(character) }
                    x += 1
                }
                let looksBlank = style.background == .default && style.attributes.isDisjoint(with: [.reverse, .underline])
                if text.allSatisfy({ $0 == " " }), looksBlank { continue }
                let shown = looksBlank ? String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) : text
                let column = looksBlank ? start + (text.count - text.drop { $0 == " " }.count) : start
                lines.append(String(format: "%2d:%-3d", y, column) + " \"\(shown)\"  " + describe(style))
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test("MVC greeting after greeting at 80×24: the trace's roles, the key bar", arguments: Appearance.allCases)
    func greetingGreeted(appearance: Appearance) async {
        let app = TestApp.session()
        await app.settle()
        app.press(.enter)
        Golden.assert(Self.styleMap(of: app.screen, on: appearance),
                      matches: "styles-\(appearance.rawValue)-mvc-greeting-greeted-80x24")
    }

    @Test("MVP listings at 100×30: the list, the network and reformer lines", arguments: Appearance.allCases)
    func listings(appearance: Appearance) async {
        let app = TestApp.session(size: Size(width: 100, height: 30), pattern: .mvp, screen: .listings)
        await app.settle()
        Golden.assert(Self.styleMap(of: app.screen, on: appearance), matches: "styles-\(appearance.rawValue)-mvp-listings-100x30")
    }
}
