/// A colour as content asks for it. The screen maps it down to what the terminal can show
/// (256 colours → 8 → none), so callers never branch on terminal capabilities.
public enum Color: Hashable, Sendable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    /// One of the 256 xterm colours; `fallback` is used on 8-colour terminals.
    case indexed(UInt8, fallback: Basic)

    /// The eight colours every colour terminal has.
    public enum Basic: Int, Hashable, Sendable, CaseIterable {
        case black = 0, red, green, yellow, blue, magenta, cyan, white
    }

    /// The colour on an 8-colour terminal; nil means the terminal default.
    public var basic: Basic? {
        switch self {
        case .default: nil
        case .black: .black
        case .red: .red
        case .green: .green
        case .yellow: .yellow
        case .blue: .blue
        case .magenta: .magenta
        case .cyan: .cyan
        case .white: .white
        case .indexed(_, let fallback): fallback
        }
    }
}

/// Text attributes, combinable.
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let reverse = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
}

/// How a run of cells looks.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()
    public static let bold = Style(attributes: .bold)
    public static let dim = Style(attributes: .dim)
    public static let reverse = Style(attributes: .reverse)
    public static let underline = Style(attributes: .underline)

    public func with(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }
}

/// What colours the terminal can show; chosen once at start (and forced to `.none` by `NO_COLOR`).
public enum ColorSupport: Sendable, Hashable {
    case none, basic8, indexed256
}
