import PatternVocabulary
import Widgets

/// A built screen of one pattern, as the shell sees it: a view-controller hierarchy to host and a
/// way to stop its work. The shell knows nothing else of a module.
@MainActor
package protocol ScreenModule: AnyObject {
    /// The root of the module's view controllers; the shell hosts it in a `Window`.
    var rootViewController: ViewController { get }
    /// Cancels every request of the module; called after its views disappeared, before release.
    func tearDown()
}

/// Builds one screen of one pattern from the shared context.
package typealias ModuleBuilder = @MainActor (ModuleContext) -> any ScreenModule

/// What a pattern target offers the mediator: its builders and the roles it is made of.
/// Each pattern target has one type conforming to this; the executable registers the four.
@MainActor
package protocol PatternModules {
    static var pattern: PatternID { get }
    /// The pattern's roles with one line on each duty, for the help overlay.
    static var roles: [RoleDuty] { get }
    /// The builders of the screens this pattern has so far.
    static var builders: [ScreenID: ModuleBuilder] { get }
}
