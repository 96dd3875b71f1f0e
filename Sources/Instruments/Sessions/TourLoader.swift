import SafeFiles
import Shell
import Terminal
import Tour

/// Reads a tour file into what the shell runs: the tour, and each step's solution as keys (a key
/// script the loader cannot read is an error naming its line, as any other problem in the file).
package enum TourLoader {
    /// The tour with its solutions' key scripts read.
    package static func guide(_ tour: Tour) throws(TourFileError) -> TourGuide {
        var solutions: [[Key]] = []
        for step in tour.steps {
            do {
                solutions.append(try KeyScript.parse(step.keys))
            } catch {
                throw TourFileError(line: step.lines.keys, problem: "\(error) in the step's keys")
            }
        }
        return TourGuide(tour: tour, solutions: solutions)
    }

    /// The tour file at `path`, read through `SafeFile` (a regular file, its size checked first).
    package static func load(path: String) throws(TourFileError) -> TourGuide {
        let bytes: [UInt8]
        do {
            bytes = try SafeFile.read(path, limit: TourParser.byteLimit)
        } catch {
            throw TourFileError(line: nil, problem: error.description)
        }
        return try guide(TourParser.parse(bytes))
    }

    /// The tour mvx ships.
    package static func shipped() throws(TourFileError) -> TourGuide {
        try guide(ShippedTour.tour())
    }
}
