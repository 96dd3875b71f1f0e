/// The tour mvx ships: `mvx.tour` beside this file, embedded in the binary at build time (SwiftPM's
/// `embedInCode`), so the file a teacher reads and copies is the one the app runs — one source.
package enum ShippedTour {
    /// The file's name, for messages and `mvx tour --print`.
    package static let fileName = "mvx.tour"

    /// The file's text, as it is in the repository.
    package static var text: String { String(decoding: PackageResources.mvx_tour, as: UTF8.self) }

    /// The tour, parsed. `mvx tour --check` and a test play it against the code, so it parses and
    /// holds true; a file that did not parse would be a build that never passed its tests.
    package static func tour() throws(TourFileError) -> Tour {
        try TourParser.parse(Array(PackageResources.mvx_tour))
    }
}
