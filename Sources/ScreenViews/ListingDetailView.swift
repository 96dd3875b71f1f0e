import Terminal
import Widgets

/// The detail screen's view: the listing's fields, then the raw keys of the API it came from and
/// the field each became. It only lays out the strings it is given, in aligned columns.
@MainActor
public final class ListingDetailView: View {
    private let fieldsTitle = Label(text: "Listing", style: Theme.title)
    private let fieldsLabel = Label(numberOfLines: 0)
    private let mappingTitle = Label(style: Theme.title)
    private let mappingLabel = Label(style: Theme.dim, numberOfLines: 0)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for view in [fieldsTitle, fieldsLabel, mappingTitle, mappingLabel] { addSubview(view) }
    }

    /// Shows `fields` as `name  value` rows and `mappings` as `raw key  →  field  value` rows
    /// under `From the <service> API`.
    public func show(fields: [(name: String, value: String)], service: String,
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

    public override func layoutSubviews() {
        // One blank line between the two sections.
        var y = 1
        for view in [fieldsTitle, fieldsLabel, mappingTitle, mappingLabel] {
            let height = view.sizeThatFits(Size(width: max(1, bounds.width - 2), height: bounds.height)).height
            view.frame = Rect(x: 1, y: y, width: max(0, bounds.width - 2), height: height)
            y += height + (view === fieldsLabel ? 1 : 0)
        }
    }
}
