/// A colour as content asks for it. The screen maps it down to what the terminal can show
/// (256 colours → 8 → none), so callers never branch on terminal capabilities.
package enum Color: Hashable, Sendable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    /// One of the 256 xterm colours; `fallback` is used on 8-colour terminals, nil meaning the
    /// terminal's default colour (on a light background, bold white or yellow would vanish).
    case indexed(UInt8, fallback: Basic?)

    /// The eight colours every colour terminal has.
    package enum Basic: Int, Hashable, Sendable, CaseIterable {
        case black = 0, red, green, yellow, blue, magenta, cyan, white
    }

    /// The colour on an 8-colour terminal; nil means the terminal default.
    package var basic: Basic? {
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
package struct Attributes: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let bold = Attributes(rawValue: 1 << 0)
    package static let dim = Attributes(rawValue: 1 << 1)
    package static let reverse = Attributes(rawValue: 1 << 2)
    package static let underline = Attributes(rawValue: 1 << 3)
}

/// How a run of cells looks. A theme may give it a second look for a light background
/// (`init(dark:light:)`); `foreground`, `background` and `attributes` are then the dark one, and
/// the screen draws whichever suits its `Appearance` (`resolved(for:)`).
package struct Style: Hashable, Sendable {
    package var foreground: Color
    package var background: Color
    package var attributes: Attributes
    /// The look on a light background, where it differs from the fields above.
    package private(set) var light: Look?

    /// A style's colours and attributes on one kind of background.
    package struct Look: Hashable, Sendable {
        package var foreground: Color
        package var background: Color
        package var attributes: Attributes
    }

    package init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// `dark` on a dark background and `light` on a light one: one entry of each theme's table as
    /// one value, so that drawing code never asks which theme is on.
    package init(dark: Style, light: Style) {
        self.init(foreground: dark.foreground, background: dark.background, attributes: dark.attributes)
        let shown = light.resolved(for: .light)
        self.light = Look(foreground: shown.foreground, background: shown.background, attributes: shown.attributes)
    }

    /// The look drawn on `appearance`'s background, as a style with one look.
    package func resolved(for appearance: Appearance) -> Style {
        if appearance == .light, let light {
            return Style(foreground: light.foreground, background: light.background, attributes: light.attributes)
        }
        return Style(foreground: foreground, background: background, attributes: attributes)
    }

    package static let plain = Style()
    package static let bold = Style(attributes: .bold)
    package static let dim = Style(attributes: .dim)
    package static let reverse = Style(attributes: .reverse)
    package static let underline = Style(attributes: .underline)

    /// The style with `extra` attributes added, in both looks.
    package func with(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        copy.light?.attributes.formUnion(extra)
        return copy
    }
}

/// What colours the terminal can show; chosen once at start (and forced to `.none` by `NO_COLOR`).
package enum ColorSupport: Sendable, Hashable {
    case none, basic8, indexed256
}

extension ColorSupport {
    /// Chooses what to use from what the terminal reports. `NO_COLOR` set to anything but the empty
    /// string (the no-color.org convention: an empty value means unset) forces `.none`, as does a
    /// terminal without colours.
    package static func detect(hasColors: Bool, colorCount: Int, environment: [String: String]) -> ColorSupport {
        if wantsNoColor(environment) || !hasColors { return .none }
        if colorCount >= 256 { return .indexed256 }
        if colorCount >= 8 { return .basic8 }
        return .none
    }

    /// The terminal colour number for `color` on this kind of terminal: -1 is the terminal's own
    /// default colour (curses `use_default_colors`), nil means colours are not used at all.
    package func terminalIndex(of color: Color) -> Int? {
        switch self {
        case .none:
            return nil
        case .basic8:
            return color.basic?.rawValue ?? -1
        case .indexed256:
            if case .indexed(let index, _) = color { return Int(index) }
            return color.basic?.rawValue ?? -1
        }
    }

    /// `style` as this terminal can show it: colours mapped down, attributes kept. On a monochrome
    /// terminal only the attributes remain (so reverse video still marks a selection).
    package func resolve(_ style: Style) -> (foreground: Int, background: Int, attributes: Attributes) {
        guard self != .none else { return (-1, -1, style.attributes) }
        return (terminalIndex(of: style.foreground) ?? -1, terminalIndex(of: style.background) ?? -1, style.attributes)
    }
}

extension ColorSupport {
    /// Whether the user asked for no colour: `NO_COLOR` present and not empty.
    package static func wantsNoColor(_ environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }
}

extension Color {
    /// The six levels of each channel in xterm's 6×6×6 colour cube (indices 16…231).
    private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]
    /// The eight basic colours as xterm draws them, for the 8-colour fallback.
    private static let basicRGB: [(Basic, Int, Int, Int)] = [
        (.black, 0, 0, 0), (.red, 205, 0, 0), (.green, 0, 205, 0), (.yellow, 205, 205, 0),
        (.blue, 0, 0, 238), (.magenta, 205, 0, 205), (.cyan, 0, 205, 205), (.white, 229, 229, 229),
    ]

    /// The xterm-256 colour nearest to an RGB colour — the nearer of the colour cube's entry and
    /// the grey ramp's (232…255), by squared distance — with the nearest of the eight basic colours
    /// as its fallback. Pictures use it: quantising to 256 colours also bounds the colour pairs a
    /// picture needs.
    package static func nearest(red: UInt8, green: UInt8, blue: UInt8) -> Color {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        func cubeStep(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : min(5, (value - 35) / 40) }
        let (cr, cg, cb) = (cubeStep(r), cubeStep(g), cubeStep(b))
        let cubeDistance = distance(r, g, b, cubeLevels[cr], cubeLevels[cg], cubeLevels[cb])
        // The ramp runs 8, 18, … 238; its step nearest the channels' mean.
        let greyStep = max(0, min(23, ((r + g + b) / 3 - 3) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = distance(r, g, b, grey, grey, grey)
        let index = greyDistance < cubeDistance ? 232 + greyStep : 16 + 36 * cr + 6 * cg + cb
        return .indexed(UInt8(index), fallback: basicFallback(r, g, b))
    }

    /// A greyish colour becomes black or white: by distance alone a mid grey is nearer yellow
    /// (205, 205, 0) than white (229, 229, 229), which would tint every grey roof and wall.
    private static func basicFallback(_ r: Int, _ g: Int, _ b: Int) -> Basic {
        let brightest = max(r, g, b)
        if brightest - min(r, g, b) < 48 { return brightest < 96 ? .black : .white }
        return basicRGB.min { distance(r, g, b, $0.1, $0.2, $0.3) < distance(r, g, b, $1.1, $1.2, $1.3) }!.0
    }

    private static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        (r1 - r2) * (r1 - r2) + (g1 - g2) * (g1 - g2) + (b1 - b2) * (b1 - b2)
    }
}
