// A file the index is checked against by hand (SourceIndexTests); no target compiles it.
import Model
@testable import Tracing

/// A protocol.
@MainActor
protocol Greeter: AnyObject {
    func greet()
}

@MainActor
final class Presenter: Greeter, Sendable {
    private weak var view: (any Greeter)?
    static let shared = 1
    lazy var names: [String] = []
    var count: Int { names.count }
    var label = "" {
        didSet { @Traced(.view, self, "label") var call }
    }

    init() {}

    func greet() {
        @Traced(.presenter, self, "greet") var call
        @Traced(.presenter, self,
              "two lines") var call
        let text = "/* not a comment */ \(names.count)"
        _ = text  // a comment after code
    }

    /* a block
       comment */
    enum Mode: Int { case on = 1, off }
}

extension Presenter {
    typealias Name = String
}

@Test func example() {}
