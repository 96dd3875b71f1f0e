import Mediator
import PatternVocabulary

/// What MVVM offers the mediator: its screens and its roles.
package enum MVVMPattern: PatternModules {
    package static let pattern = PatternID.mvvm

    package static let roles = [
        RoleDuty(.model, "AppState / Person, API managers", "the data and its rules; knows nothing of screens"),
        RoleDuty(.viewModel, "GreetingViewModel", "turns the model into the greeting; greetingDidChange tells the view; knows no view"),
        RoleDuty(.view, "GreetingViewController", "installs greetingDidChange when its view model is set; the button calls the view model"),
        RoleDuty(.viewModel, "ListingsViewModel", "the managers' delegate; its reformer (casatwy files it here) makes the rows the view binds to"),
        RoleDuty(.coordinator, "ListingsCoordinator", "owns the navigation stack; pushes the detail when a view model asks"),
        RoleDuty(.builder, "GreetingBuilder", "assembles model, view model and view (and the coordinator) outside the view"),
    ]

    package static var builders: [ScreenID: ModuleBuilder] {
        [.greeting: GreetingBuilder.build, .listings: ListingsBuilder.build]
    }
}
