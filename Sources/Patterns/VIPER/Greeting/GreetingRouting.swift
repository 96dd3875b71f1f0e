/// Presenter → router: where the greeting could go next. It goes nowhere yet (switching screens
/// is the shell's, through the mediator), so there are no routes; VIPER still gives the module its
/// router, so the first route has a home and the presenter never learns how screens are shown.
@MainActor
protocol GreetingRouting: AnyObject {}
