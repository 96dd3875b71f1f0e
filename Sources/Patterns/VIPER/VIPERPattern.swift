import Mediator
import PatternVocabulary

/// What VIPER offers the mediator: its screens and its roles.
package enum VIPERPattern: PatternModules {
    package static let pattern = PatternID.viper

    package static let roles = [
        RoleDuty(.view, "GreetingViewController", "shows what the presenter says, forwards what the user does"),
        RoleDuty(.presenter, "GreetingPresenter", "asks the interactor, formats its answers for the view"),
        RoleDuty(.interactor, "GreetingInteractor", "GreetingProvider: validates the entity, hands GreetingData to its output"),
        RoleDuty(.entity, "Person (Model)", "plain data the interactor works on; never reaches the view"),
        RoleDuty(.router, "ListingsRouter", "navigation between modules: pushes the detail (the greeting has none)"),
        RoleDuty(.builder, "GreetingBuilder", "Orlov's four assignments; back references weak"),
    ]

    package static var builders: [ScreenID: ModuleBuilder] {
        [.greeting: GreetingBuilder.build, .listings: ListingsBuilder.build]
    }
}
