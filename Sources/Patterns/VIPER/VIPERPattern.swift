import Mediator
import PatternVocabulary

/// What VIPER offers the mediator: its screens and its roles.
public enum VIPERPattern: PatternModules {
    public static let pattern = PatternID.viper

    public static let roles = [
        RoleDuty(.view, "GreetingViewController", "shows what the presenter says, forwards what the user does"),
        RoleDuty(.presenter, "GreetingPresenter", "asks the interactor, formats its answers for the view"),
        RoleDuty(.interactor, "GreetingInteractor", "the use cases: loads, validates, reads and writes the data"),
        RoleDuty(.entity, "Person (Model)", "plain data the interactor works on; never reaches the view"),
        RoleDuty(.router, "GreetingRouter", "navigation between modules (the listings' pushes the detail)"),
        RoleDuty(.builder, "GreetingBuilder", "makes the parts and wires them; back references weak"),
    ]

    public static var builders: [ScreenID: ModuleBuilder] {
        [.greeting: GreetingBuilder.build, .listings: ListingsBuilder.build]
    }
}
