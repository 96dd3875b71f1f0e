import FakeServer
import ScreenViews
import Terminal
import Testing
import Widgets

/// The detail screen's view with a listing's picture, as text goldens at the module pane's size
/// on an 80×24, a 100×30 and a 120×40 terminal, and on a pane wide enough to put it beside the fields.
@MainActor
@Suite struct ListingDetailPictureGoldenTests {
    static let url = "https://img.anjuke-fake.cn/rent/002.jpg"

    /// The image service's picture for `url`, its pixels taken straight after the 15-byte header.
    static var picture: PixelImage {
        PixelImage(width: 32, height: 16, rgb: Array(ImageService.ppm(for: url).suffix(32 * 16 * 3)))
    }

    /// The view filled as the MVP detail of rent r-002 fills it.
    static func detailView() -> ListingDetailView {
        let view = ListingDetailView()
        view.show(
            fields: [("Name", "Sunshine Garden Block E"), ("Title", "studio, 52 m², with garden"), ("Kind", "Rent"),
                     ("Price", "¥9,600/month"), ("Area", "78.1 m²"), ("District", "Xuhui"), ("Image", url)],
            service: "rent",
            mappings: [("id", "id", "r-002"), ("name", "name", "Sunshine Garden Block E"),
                       ("title", "title", "studio, 52 m², with garden"), ("imageUrl", "imageURL", url),
                       ("price", "price", "¥9,600/month"), ("area", "area", "78.1 m²"), ("district", "district", "Xuhui")])
        return view
    }

    static func draw(_ view: View, _ size: Size, colors: ColorSupport = .indexed256) -> MemoryScreen {
        let screen = MemoryScreen(size: size, colorSupport: colors)
        view.frame = Rect(origin: .zero, size: size)
        view.render(in: Canvas(screen: screen, bounds: view.frame))
        return screen
    }

    @Test(arguments: [Size(width: 44, height: 19), Size(width: 54, height: 25), Size(width: 64, height: 36)])
    func pictureBetweenFieldsAndMapping(_ size: Size) {
        let view = Self.detailView()
        view.showPicture(Self.picture, caption: "rent/002.jpg · 32×16")
        Golden.assert(Self.draw(view, size).text, matches: "listing-detail-picture-\(size.width)x\(size.height)")
    }

    /// Colour does not show in a text golden; without colour the picture's shapes do.
    @Test func pictureWithoutColour() {
        let view = Self.detailView()
        view.showPicture(Self.picture, caption: "rent/002.jpg · 32×16")
        Golden.assert(Self.draw(view, Size(width: 64, height: 36), colors: .none).text,
                      matches: "listing-detail-picture-monochrome-64x36")
    }

    @Test func pictureBesideShortFields() {
        let view = ListingDetailView()
        view.show(fields: [("Name", "Sunshine Garden Block E"), ("Kind", "Rent"), ("Price", "¥9,600/month")],
                  service: "rent", mappings: [("id", "id", "r-002"), ("name", "name", "Sunshine Garden Block E")])
        view.showPicture(Self.picture, caption: "rent/002.jpg")
        Golden.assert(Self.draw(view, Size(width: 64, height: 16)).text, matches: "listing-detail-picture-beside-64x16")
    }

    @Test func captionAloneWhileThereIsNoPicture() {
        let view = Self.detailView()
        view.showPicture(nil, caption: "Pictures are off on 2G")
        Golden.assert(Self.draw(view, Size(width: 44, height: 19)).text, matches: "listing-detail-picture-off-44x19")
    }

    @Test func withoutAPictureTheScreenIsAsBefore() {
        let plain = Self.draw(Self.detailView(), Size(width: 54, height: 25)).text
        let cleared = Self.detailView()
        cleared.showPicture(Self.picture, caption: "x")
        cleared.showPicture(nil, caption: "")
        #expect(Self.draw(cleared, Size(width: 54, height: 25)).text == plain)
        #expect(plain.hasPrefix("\n Listing\n Name      Sunshine Garden Block E\n"))
        #expect(plain.contains("\n\n From the rent API\n id        →  id        r-002\n"))
    }
}
