import FakeServer
import ModelServices
import Terminal
import Widgets

/// The detail screen's picture: one PPM from the image service decoded by `PictureReformer` and
/// drawn through a new `PictureView` into a memory screen, at its own size (32×8 cells, a 120×40
/// terminal) and scaled to 16×4 (an 80×24 one), with 256 colours; then what every later frame of
/// the detail costs, the same view drawn again.
@MainActor
func runPictureBenchmarks() {
    Report.section("Pictures")
    let bytes = ImageService.ppm(for: "https://img.anjuke-fake.cn/rent/002.jpg")
    let reformer = PictureReformer()
    for cells in [Size(width: 32, height: 8), Size(width: 16, height: 4)] {
        let screen = MemoryScreen(size: cells)
        let frame = Rect(origin: .zero, size: cells)
        var drawn = 0
        let first = medianNanoseconds(runs: 7, iterations: 2_000) {
            guard let picture = try? reformer.reform(bytes) else { return }
            let view = PictureView(image: PixelImage(width: picture.width, height: picture.height, rgb: picture.rgb), frame: frame)
            screen.erase()
            view.render(in: Canvas(screen: screen, bounds: frame))
            drawn += 1
        }
        // A decode that failed would time nothing: the figure is only printed for real draws.
        precondition(drawn > 0 && screen.cell(x: cells.width - 1, y: cells.height - 1).character == "▀")
        Report.figure("image decode and draw for one detail, \(cells.width)×\(cells.height) cells", first / 1e3, unit: "µs")

        let view = PictureView(image: (try? reformer.reform(bytes)).map { PixelImage(width: $0.width, height: $0.height, rgb: $0.rgb) },
                               frame: frame)
        let again = medianNanoseconds(runs: 7, iterations: 2_000) {
            screen.erase()
            view.render(in: Canvas(screen: screen, bounds: frame))
        }
        Report.figure("  the same picture in each later frame", again / 1e3, unit: "µs")
    }
}
