import Mediator
import Networking
import PatternVocabulary
import Terminal
import Tracing

/// Names one of the shell's tools beside the live module (`.source`, `.network`…): each has a key
/// that opens and closes it. A panel adds a static member here (in its own file), its keys in
/// `Keymap`, and a case of `OpenPanel` with its construction.
package struct PanelID: Hashable, Sendable {
    package let name: String

    package init(_ name: String) { self.name = name }
}

/// Where a panel draws.
package enum PanelPlacement: Sendable {
    /// In the trace pane's place: the module stays visible and live beside it.
    case tracePane
    /// Over the module and the trace pane together: for tables and side-by-side columns.
    case body
}

/// What a panel did with a key: the only way a panel speaks to the shell.
package enum PanelKeyResult: Equatable, Sendable {
    /// The panel used it; nobody else sees it.
    case consumed
    /// The panel asks to be closed.
    case close
    /// Not the panel's: the module and then the shell get it, as if no panel were open.
    case passOn
    /// The panel used it and asks the shell to do something outside the shell's state.
    case effect(ShellEffect)
    /// The panel asks for the source pane in its place, on the trace event with this sequence number.
    case openSource(event: UInt64)
}

/// What a panel may read while it handles a key or draws: the area it has and the live things
/// it shows. Read only: a panel changes nothing but its own state, and that only in `handle`.
@MainActor
package struct PanelContext {
    /// The size of the panel's area for the terminal's present size.
    package var size: Size
    package var trace: TraceBuffer
    package var network: NetworkEnvironment
    /// Whether a text field of the module has the focus (then letters are the field's).
    package var moduleHasTextFocus: Bool
    /// Source files prepared for showing, kept between frames (a cache, not state).
    package var sources: SourceListings
    /// The stored state after every action (the timeline panel).
    package var timeline = StateTimeline()
    /// The pattern of the screen on show: what the panels' "what to notice" lines speak of.
    package var pattern = PatternID.mvc
    /// That pattern's roles with their duties, as the pattern declares them (the source pane's note).
    package var roles: [RoleDuty] = []
}

/// A tool the shell shows beside or over the module (source, compare, metrics, network…): a value
/// holding the panel's own state, never a live object, so the shell's state compares whole. It gets
/// keys before the module and answers with a `PanelKeyResult`; it draws only through the canvas it
/// is given, and drawing changes nothing.
protocol ShellPanel: Equatable, Sendable {
    var id: PanelID { get }
    var placement: PanelPlacement { get }
    /// The pane title, e.g. `Source · GreetingPresenter.swift:42`.
    @MainActor func title(in context: PanelContext) -> String
    @MainActor mutating func handle(_ key: Key, in context: PanelContext) -> PanelKeyResult
    @MainActor func draw(into canvas: Canvas, context: PanelContext)
}

extension PanelKeyResult {
    /// For a key a panel over the body does not use: the shell's own keys (quit, help, switching)
    /// and the tour card's pass on; anything else stops here, since the module it would reach is hidden.
    static func shellKeysPass(_ key: Key) -> PanelKeyResult {
        Keymap.command(for: key) != nil || Keymap.tourCommand(for: key) != nil || Keymap.isGlobal(key) ? .passOn : .consumed
    }
}
