import Terminal

/// Names one of the shell's tools beside the live module (`.source`, `.network`…): each has a key
/// that opens and closes it. A panel adds a static member here (in its own file), its key binding in
/// `Keymap`, and its construction in `ShellPanels.builders`.
public struct PanelID: Hashable, Sendable {
    public let name: String

    public init(_ name: String) { self.name = name }
}

/// Where a panel draws.
public enum PanelPlacement: Sendable {
    /// In the trace pane's place: the module stays visible and live beside it.
    case tracePane
    /// Over the module and the trace pane together: for tables and side-by-side columns.
    case body
}

/// What a panel did with a key.
public enum PanelKeyResult: Sendable {
    /// The panel used it; nobody else sees it.
    case handled
    /// The panel asks to be closed.
    case close
    /// Not the panel's: the module and then the shell get it, as if no panel were open.
    case ignored
}

/// A tool the shell shows beside or over the module (source, compare, metrics, network…).
/// Panels draw only through the canvas they are given and get keys before the module does.
@MainActor
public protocol ShellPanel: AnyObject {
    var id: PanelID { get }
    /// The pane title, e.g. `Source · GreetingPresenter.swift:42`.
    var title: String { get }
    var placement: PanelPlacement { get }
    func handle(_ key: Key) -> PanelKeyResult
    func draw(in canvas: Canvas)
}
