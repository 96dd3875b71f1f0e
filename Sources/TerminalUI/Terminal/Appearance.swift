#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Whether the terminal draws on a dark or a light default background. A theme gives a style one
/// look per background (`Style(dark:light:)`); the screen draws the look for its appearance.
package enum Appearance: String, Sendable, Hashable, CaseIterable {
    case dark, light
}

/// `--theme`: a fixed appearance, or `auto`, which goes by what the terminal says of its
/// background (`BackgroundDetection`).
package enum ThemeChoice: String, Sendable, Hashable, CaseIterable {
    case auto, dark, light

    /// The appearance to draw with: the chosen one, or for `auto` the detected one — dark when
    /// nothing was detected, the look mvx always had.
    package func appearance(detected: Appearance?) -> Appearance {
        switch self {
        case .dark: .dark
        case .light: .light
        case .auto: detected ?? .dark
        }
    }
}

/// A colour as 8-bit sRGB channels: what a terminal reports of its background, and what the
/// contrast of a theme's colours is computed from (WCAG 2).
package struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    package static let black = RGBColor(red: 0, green: 0, blue: 0)
    package static let white = RGBColor(red: 255, green: 255, blue: 255)

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    package var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, from 1 (the same) to 21 (black on white); AA asks 4.5 of text.
    package func contrastRatio(with other: RGBColor) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Whether black text contrasts more with this colour than white text does: then it is a
    /// light background. They contrast alike at a luminance of √(1.05 × 0.05) − 0.05 ≈ 0.179.
    package var isLight: Bool { contrastRatio(with: .black) > contrastRatio(with: .white) }

    package var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

extension Color {
    /// The RGB xterm draws a colour number with by default (`Color.indexed`, 0–255).
    package static func xtermRGB(index: UInt8) -> RGBColor {
        let index = Int(index)
        switch index {
        case 0..<16:
            let (r, g, b) = xtermSixteen[index]
            return RGBColor(red: r, green: g, blue: b)
        case 16..<232:
            let cube = index - 16
            return RGBColor(red: cubeLevel(cube / 36), green: cubeLevel(cube / 6 % 6), blue: cubeLevel(cube % 6))
        default:
            let grey = UInt8(8 + 10 * (index - 232))
            return RGBColor(red: grey, green: grey, blue: grey)
        }
    }

    /// The RGB xterm draws a basic colour with, as text on an 8-colour terminal.
    package static func xtermRGB(_ basic: Basic) -> RGBColor { xtermRGB(index: UInt8(basic.rawValue)) }

    /// xterm's sixteen colours (its default resources, as `xterm -version` 379 ships them).
    private static let xtermSixteen: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    private static func cubeLevel(_ step: Int) -> UInt8 { step == 0 ? 0 : UInt8(55 + 40 * step) }
}
