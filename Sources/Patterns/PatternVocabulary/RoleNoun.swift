extension Role {
    /// The role as a sentence names it: `view model`, `presenter`. The panels' "what to notice"
    /// lines and compare's verdicts speak of roles in these words.
    package var noun: String {
        switch self {
        case .viewModel: "view model"
        default: rawValue.lowercased()
        }
    }
}
