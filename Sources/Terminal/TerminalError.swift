/// Why the terminal could not be opened. `message` is one line meant for a human, already
/// prefixed with `mvx:`; the caller prints it to stderr and exits with status 2.
public struct TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
