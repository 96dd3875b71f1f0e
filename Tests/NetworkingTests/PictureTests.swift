import Clocks
import FakeServer
import Foundation
import Model
import Networking
import ModelServices
import TestSupport
import Testing

/// The fake image service and the P6 reader that turns its bytes into a `Picture`.
@Suite(.timeLimit(.minutes(1))) struct ImageServiceTests {
    /// Twenty listings' URLs as the fixtures spell them, from all three teams.
    static let fixtureURLs = (1...7).map { String(format: "https://img.anjuke-fake.cn/rent/%03d.jpg", $0) }
        + (1...7).map { String(format: "https://img.anjuke-fake.cn/xinfang/%03d.jpg", $0) }
        + (1...6).map { String(format: "https://img.anjuke-fake.cn/esf/%03d.jpg", $0) }

    @Test func answersA32By16P6() {
        let bytes = ImageService.ppm(for: Self.fixtureURLs[0])
        let header = Array("P6\n32 16\n255\n".utf8)
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(bytes.count == header.count + 32 * 16 * 3)
    }

    @Test func sameURLSameBytes() {
        for url in Self.fixtureURLs {
            #expect(ImageService.ppm(for: url) == ImageService.ppm(for: url))
        }
        let parameters = CanonicalParameters([ImageAPI.urlParameter: Self.fixtureURLs[3]])
        #expect(ImageService().respond(to: parameters) == ImageService.ppm(for: Self.fixtureURLs[3]))
    }

    @Test func listingsGetDifferentPictures() {
        let pictures = Set(Self.fixtureURLs.map { ImageService.ppm(for: $0) })
        #expect(pictures.count >= 15)
        // Not merely a tint: the pictures differ in more than one colour, so a reader sees a new shape.
        let skies = Set(Self.fixtureURLs.map { Array(ImageService.ppm(for: $0).suffix(32 * 16 * 3).prefix(3)) })
        #expect(skies.count >= 15)
    }

    @Test func missingOrEmptyURLAnswersNothing() {
        #expect(ImageService().respond(to: CanonicalParameters()).isEmpty)
        #expect(ImageService().respond(to: CanonicalParameters([ImageAPI.urlParameter: ""])).isEmpty)
    }

    @Test func fakeServerRoutesImageGet() async throws {
        let server = FakeServer(fixtures: Support.fixtures, scenario: ScenarioControls(.instant), clock: NetworkClock(ImmediateClock()))
        let url = Self.fixtureURLs[5]
        let request = RequestSigner.sign(service: .images, method: ImageAPI.method,
                                         parameters: CanonicalParameters([ImageAPI.urlParameter: url]), attempt: 0)
        #expect(try await server.send(request) == ImageService.ppm(for: url))
    }
}

@Suite struct PictureReformerTests {
    let reformer = PictureReformer()

    @Test func readsTheImageServicesPictures() throws {
        let bytes = ImageService.ppm(for: ImageServiceTests.fixtureURLs[0])
        let picture = try reformer.reform(bytes)
        #expect(picture.width == 32)
        #expect(picture.height == 16)
        #expect(picture.rgb == Array(bytes.suffix(32 * 16 * 3)))
    }

    @Test func acceptsCommentsAndAnyWhitespaceInTheHeader() throws {
        let pixels: [UInt8] = [255, 0, 0, 0, 255, 0]
        let bytes = Array("P6 # made by hand\n2\t# width above\r\n 1\n#maxval next\n255\n".utf8) + pixels
        let picture = try reformer.reform(bytes)
        #expect(picture == Picture(width: 2, height: 1, rgb: pixels))
        #expect(picture.pixel(x: 1, y: 0).green == 255)
    }

    @Test func theRasterMayStartWithAWhitespaceByte() throws {
        // After maxval exactly one byte is skipped: pixels that look like whitespace are pixels.
        let pixels: [UInt8] = [0x0A, 0x20, 0x09]
        #expect(try reformer.reform(Array("P6 1 1 255\n".utf8) + pixels).rgb == pixels)
    }

    static let hostile: [(String, [UInt8], PictureFormatError)] = [
        ("empty", [], .empty),
        ("P", Array("P".utf8), .notP6),
        ("P5 greyscale", Array("P5\n1 1\n255\n".utf8) + [0], .notP6),
        ("P3 text", Array("P3\n1 1\n255\n255 0 0\n".utf8), .notP6),
        ("no separator after magic", Array("P61 1 255\n".utf8) + [0, 0, 0], .badNumber(.width)),
        ("magic only", Array("P6".utf8), .badNumber(.width)),
        ("huge dimensions", Array("P6 99999999 99999999 255\n".utf8), .sizeOutOfRange(width: 99_999_999, height: 99_999_999)),
        ("absurdly long number", Array("P6 \(String(repeating: "9", count: 5000)) 1 255\n".utf8),
         .sizeOutOfRange(width: 1_000_000_000, height: 1)),
        ("negative width", Array("P6 -32 16 255\n".utf8), .badNumber(.width)),
        ("non-digit height", Array("P6 32 sixteen 255\n".utf8), .badNumber(.height)),
        ("height glued to a letter", Array("P6 32 16x 255\n".utf8), .badNumber(.maxval)),
        ("zero width", Array("P6 0 16 255\n".utf8), .sizeOutOfRange(width: 0, height: 16)),
        ("257 wide", Array("P6 257 1 255\n".utf8) + [UInt8](repeating: 0, count: 771), .sizeOutOfRange(width: 257, height: 1)),
        ("maxval 65535", Array("P6 1 1 65535\n".utf8) + [0, 0, 0, 0, 0, 0], .unsupportedMaxval(65535)),
        ("maxval missing", Array("P6 1 1\n".utf8), .badNumber(.maxval)),
        ("comment never ends", Array("P6 1 # and so on".utf8), .badNumber(.height)),
        ("header with no raster", Array("P6 32 16 255".utf8), .truncated(expected: 1536, actual: 0)),
        ("maxval glued to raster", Array("P6 1 1 255".utf8) + [0x41, 0, 0], .badNumber(.maxval)),
        ("truncated", Array("P6 32 16 255\n".utf8) + [UInt8](repeating: 7, count: 1535), .truncated(expected: 1536, actual: 1535)),
        ("claims 256×256, sends 10", Array("P6 256 256 255\n".utf8) + [UInt8](repeating: 7, count: 10),
         .truncated(expected: 196_608, actual: 10)),
        ("trailing bytes", Array("P6 1 1 255\n".utf8) + [1, 2, 3, 4, 5], .trailingBytes(2)),
    ]

    @Test(arguments: hostile.indices)
    func rejectsHostileBytes(_ index: Int) {
        let (name, bytes, expected) = Self.hostile[index]
        #expect(throws: expected, "\(name)") { try reformer.reform(bytes) }
    }

    @Test func everyErrorHasOneLineOfDescription() {
        for (_, _, error) in Self.hostile {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
        #expect(PictureFormatError.truncated(expected: 1536, actual: 10).description == "truncated picture: 10 of 1536 pixel bytes")
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 13)
        for round in 0..<20 {
            var bytes = (0..<10_240).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Half the rounds start like a picture, so the header reader sees garbage too.
            if round % 2 == 0 { bytes.replaceSubrange(0..<3, with: Array("P6 ".utf8)) }
            #expect(throws: PictureFormatError.self) { try reformer.reform(bytes) }
        }
    }

    @Test func pictureChecksItsBytes() {
        #expect(Picture(width: 2, height: 2, rgb: [UInt8](repeating: 0, count: 12)) != nil)
        #expect(Picture(width: 2, height: 2, rgb: [UInt8](repeating: 0, count: 11)) == nil)
        #expect(Picture(width: 0, height: 0, rgb: []) == nil)
        #expect(Picture(width: 257, height: 1, rgb: [UInt8](repeating: 0, count: 771)) == nil)
    }
}
