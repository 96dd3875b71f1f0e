import Mediator
import PatternVocabulary

/// What MVC offers the mediator: its screens and its roles.
package enum MVCPattern: PatternModules {
    package static let pattern = PatternID.mvc

    package static let roles = [
        RoleDuty(.model, "AppState / Person", "the data and its rules; knows nothing of screens"),
        RoleDuty(.controller, "GreetingViewController", "owns the model, the button and the label; its button handler builds the greeting"),
        RoleDuty(.view, "TextField, Button, Label", "draw and forward input; in Cocoa MVC they live inside the controller"),
        RoleDuty(.model, "API managers, reformers", "load, page and keep the raw data; reformers turn it into rows and details"),
        RoleDuty(.controller, "ListingsViewController", "the managers' delegate and the list's data source; draws the reformer's rows, pushes the detail"),
        RoleDuty(.controller, "ListingDetailViewController", "shows one listing by id, from the manager's raw data through the detail reformer"),
        RoleDuty(.builder, "ListingsBuilder", "assembles managers, controller and navigation outside the views"),
    ]

    package static var builders: [ScreenID: ModuleBuilder] {
        [.greeting: GreetingBuilder.build, .listings: ListingsBuilder.build]
    }
}
