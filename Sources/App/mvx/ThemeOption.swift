import ArgumentParser
import Terminal

/// `--theme auto|dark|light`: a bad value is refused by the parser with the three named.
extension ThemeChoice: ExpressibleByArgument {
    package init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// None: the option's help says what each does; the parser lists the values.
    package static var allValueDescriptions: [String: String] { [:] }
}
