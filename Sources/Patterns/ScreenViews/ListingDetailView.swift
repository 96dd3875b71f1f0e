import Terminal
import Widgets

/// The detail screen's view: the listing's fields, the listing's picture once one is shown, then
/// the raw keys of the API it came from and the field each became. It only lays out the strings
/// and the picture it is given, in aligned columns.
@MainActor
package final class ListingDetailView: View {
    private let fieldsTitle = Label(text: "Listing", style: Theme.title)
    private let fieldsLabel = Label(numberOfLines: 0)
    private let mappingTitle = Label(style: Theme.title)
    private let mappingLabel = Label(style: Theme.dim, numberOfLines: 0)
    private let pictureView = PictureView()
    private let captionLabel = Label(style: Theme.dim, numberOfLines: 0)
    /// False until `showPicture` is called: until then the screen is laid out as it was before
    /// pictures existed.
    private var showsPicture = false

    package override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for view in [fieldsTitle, fieldsLabel, mappingTitle, mappingLabel, pictureView, captionLabel] { addSubview(view) }
        pictureView.isHidden = true
        captionLabel.isHidden = true
    }

    /// Shows `fields` as `name  value` rows and `mappings` as `raw key  →  field  value` rows
    /// under `From the <service> API`.
    package func show(fields: [(name: String, value: String)], service: String,
                     mappings: [(rawKey: String, field: String, value: String)]) {
        let nameWidth = fields.map { DisplayWidth.of($0.name) }.max() ?? 0
        fieldsLabel.text = fields.map { DisplayWidth.pad($0.name, to: nameWidth) + "  " + $0.value }
            .joined(separator: "\n")
        mappingTitle.text = "From the \(service) API"
        let keyWidth = mappings.map { DisplayWidth.of($0.rawKey) }.max() ?? 0
        let fieldWidth = mappings.map { DisplayWidth.of($0.field) }.max() ?? 0
        mappingLabel.text = mappings.map {
            DisplayWidth.pad($0.rawKey, to: keyWidth) + "  →  " + DisplayWidth.pad($0.field, to: fieldWidth) + "  " + $0.value
        }.joined(separator: "\n")
        setNeedsLayout()
    }

    /// Shows the listing's picture with `caption` in the dim style; a nil `image` shows the caption
    /// alone ("Loading picture…", "Pictures are off on 2G"). Nil and an empty caption remove the
    /// picture's place. The picture goes beside the fields when they leave room for it, else
    /// between the fields and the mapping, scaled to what the screen's height leaves.
    package func showPicture(_ image: PixelImage?, caption: String) {
        pictureView.image = image
        captionLabel.text = caption
        showsPicture = image != nil || !caption.isEmpty
        pictureView.isHidden = image == nil
        captionLabel.isHidden = caption.isEmpty
        setNeedsLayout()
    }

    package override func layoutSubviews() {
        let width = max(0, bounds.width - 2)
        func height(of view: View, width: Int) -> Int {
            view.sizeThatFits(Size(width: max(1, width), height: bounds.height)).height
        }
        // One blank line between the sections.
        var y = 1
        for view in [fieldsTitle, fieldsLabel] {
            view.frame = Rect(x: 1, y: y, width: width, height: height(of: view, width: width))
            y += view.frame.height
        }
        if showsPicture {
            y = layoutPicture(fieldsEnd: y, width: width)
        }
        y += 1
        for view in [mappingTitle, mappingLabel] {
            view.frame = Rect(x: 1, y: y, width: width, height: height(of: view, width: width))
            y += view.frame.height
        }
    }

    /// Places the picture and its caption below or beside the fields, which end at `fieldsEnd`;
    /// returns the row where the mapping section's blank line goes.
    private func layoutPicture(fieldsEnd: Int, width: Int) -> Int {
        let fieldsWidth = fieldsLabel.sizeThatFits(Size(width: Int.max / 2, height: bounds.height)).width
        let besideWidth = width - fieldsWidth - Self.gap
        if besideWidth >= Self.minimumPictureWidth {
            // Beside: as tall as the title and the fields (at least the minimum), the caption under it.
            let x = 1 + fieldsWidth + Self.gap
            let picture = pictureView.sizeThatFits(Size(width: besideWidth, height: max(Self.minimumPictureRows, fieldsEnd - 2)))
            pictureView.frame = Rect(x: x, y: 1, width: picture.width, height: picture.height)
            let captionHeight = captionLabel.isHidden ? 0 : captionLabel.sizeThatFits(Size(width: besideWidth, height: bounds.height)).height
            captionLabel.frame = Rect(x: x, y: 1 + picture.height, width: besideWidth, height: captionHeight)
            return max(fieldsEnd, 1 + picture.height + captionHeight)
        }
        // Below: the rows the screen has to spare after the mapping, within the minimum and the
        // picture's own height, so a short terminal still shows the mapping's first rows.
        let top = fieldsEnd + 1
        let mappingRows = [mappingTitle, mappingLabel].map { $0.sizeThatFits(Size(width: max(1, width), height: bounds.height)).height }
            .reduce(0, +)
        let spare = bounds.height - top - 1 - mappingRows
        let picture = pictureView.isHidden ? .zero
            : pictureView.sizeThatFits(Size(width: width, height: min(Self.maximumPictureRows, max(Self.minimumPictureRows, spare))))
        pictureView.frame = Rect(x: 1, y: top, width: picture.width, height: picture.height)
        // The caption beside the picture, where the row has room: height is what a short screen lacks.
        let captionX = picture.width == 0 ? 1 : 1 + picture.width + Self.gap
        let captionWidth = max(1, width - captionX + 1)
        let captionHeight = captionLabel.isHidden ? 0 : captionLabel.sizeThatFits(Size(width: captionWidth, height: bounds.height)).height
        captionLabel.frame = Rect(x: captionX, y: top, width: captionWidth, height: max(captionHeight, picture.height))
        return top + max(picture.height, captionHeight)
    }

    /// Columns between the fields (or the picture) and what stands beside them.
    private static let gap = 2
    /// Below this width the picture does not go beside the fields.
    private static let minimumPictureWidth = 16
    /// The fewest rows the picture gets below the fields (16×4 cells for a 32×16 picture).
    private static let minimumPictureRows = 4
    /// The most rows it gets: a 32×16 picture at its own size.
    private static let maximumPictureRows = 8
}
