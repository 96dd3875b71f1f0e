/// Hears about edits in a `TextField`; both methods have defaults, so adopters implement only
/// what they need.
@MainActor
package protocol TextFieldDelegate: AnyObject {
    /// The text changed by an edit (not when set in code).
    func textFieldDidChange(_ textField: TextField)
    /// Enter was pressed; return true to end editing (sends `.editingDidEnd`).
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    /// Does nothing.
    package func textFieldDidChange(_ textField: TextField) {}
    /// Ends editing.
    package func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
