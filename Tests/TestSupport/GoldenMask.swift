/// What a golden leaves out of the comparison, so that it breaks on the change it is about and not
/// on an unrelated edit. Shared by the in-process goldens (ShellTests' `Golden`) and the end-to-end
/// tests that compare the binary's output with the same files.
package enum GoldenMask: Sendable {
    case none
    /// Line numbers of trace events (`GreetingPresenter.swift:49` in text, `"line":49` in JSON): an
    /// edit above a traced call moves them without changing what the trace says. The text format
    /// right-aligns the location, so the padding before it goes too (one space stays).
    case sourceLines

    package func apply(_ text: String) -> String {
        switch self {
        case .none:
            return text
        case .sourceLines:
            return text
                .replacing(/[ ]+([^ \n]+\.swift):[0-9]+(?=\n|$)/, with: { " \($0.output.1):—" })
                .replacing(/"line":[0-9]+/, with: "\"line\":\"—\"")
        }
    }
}
