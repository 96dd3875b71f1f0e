import Mediator
import PatternVocabulary

/// What MVP offers the mediator: its screens and its roles.
package enum MVPPattern: PatternModules {
    package static let pattern = PatternID.mvp

    package static let roles = [
        RoleDuty(.model, "AppState / Person, API managers", "the data and its rules; knows nothing of screens"),
        RoleDuty(.view, "GreetingViewController", "passive: forwards events to its presenter, shows the strings it is told"),
        RoleDuty(.presenter, "GreetingPresenter", "decides everything: builds the greeting, updates the model, drives the view protocol"),
        RoleDuty(.router, "ListingsNavigationRouter", "builds the next screen and pushes it, when the presenter asks"),
        RoleDuty(.builder, "GreetingBuilder", "assembles view, presenter and model outside the view; wires view.presenter"),
    ]

    package static var builders: [ScreenID: ModuleBuilder] {
        [.greeting: GreetingBuilder.build, .listings: ListingsBuilder.build]
    }
}
