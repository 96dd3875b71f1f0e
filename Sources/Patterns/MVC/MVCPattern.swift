import Mediator

/// What MVC offers the mediator: its screens and its roles.
public enum MVCPattern: PatternModules {
    public static let pattern = PatternID.mvc

    public static let roles = [
        RoleDuty(.model, "AppState / Person", "the data and its rules; knows nothing of screens"),
        RoleDuty(.controller, "GreetingViewController", "owns the views, reacts to events, updates the model and the views"),
        RoleDuty(.view, "TextField, Button, Label", "draw and forward input; in Cocoa MVC they live inside the controller"),
    ]

    public static var builders: [ScreenID: ModuleBuilder] {
        [.greeting: GreetingBuilder.build]
    }
}
