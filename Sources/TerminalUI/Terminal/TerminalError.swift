#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the terminal could not be opened. `message` is one line meant for a human, already
/// prefixed with `mvx:`; the caller prints it to stderr and exits with status 2.
package struct TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }

    /// Writes the message and a newline to stderr (fd 2) unbuffered; the caller then exits with 2.
    package func writeToStandardError() {
        let line = Array((message + "\n").utf8)
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
