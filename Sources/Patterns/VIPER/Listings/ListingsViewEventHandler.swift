/// View → presenter for the property list: what happened on screen. Held strongly by the view.
@MainActor
protocol ListingsViewEventHandler: AnyObject {
    /// The view is loaded: time to load the listings.
    func viewDidLoad()
    /// The user chose the source at `index` (the control, or ←/→ elsewhere on the screen).
    func didChooseSource(at index: Int)
    /// `r` was pressed.
    func didRequestRefresh()
    /// `d` was pressed: the next district.
    func didRequestNextDistrict()
    /// The selection moved to `row`.
    func didMoveSelection(to row: Int?)
    /// Enter on `row`.
    func didSelectRow(at row: Int)
    /// The last row came on screen.
    func didReachLastRow()
}
