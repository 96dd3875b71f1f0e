import Mediator
import Model
@testable import MVC
import ScreenViews
import Terminal
import Testing
import Widgets

/// The greeting's logic lives in `GreetingViewController`, so the only way to test it is the way a
/// user meets it: load the controller's view, type into its fields, press its button, read its
/// label. Every test needs a window and the view's widgets: that cost is Cocoa MVC's testability.
@MainActor
@Suite("MVC greeting: the controller, driven through its view", .timeLimit(.minutes(1)))
struct MVCGreetingViewControllerTests {
    /// The builder's module on screen in a window, and the form the controller loaded (the
    /// controller keeps its views private; a test reaches them through the view it loaded).
    /// The caller keeps the harness alive: it owns the window and the module.
    private func makeScreen(_ model: AppState) -> (MVCHarness, GreetingFormView) {
        let harness = MVCHarness(GreetingBuilder.build, appState: model)
        return (harness, harness.module!.rootViewController.view as! GreetingFormView)
    }

    /// Replaces a field's text by typing, so the field sends its edit (setting `text` in code
    /// sends nothing, as in UIKit).
    private func type(_ text: String, into field: TextField) {
        field.text = ""
        for character in text { _ = field.handleKey(.character(character)) }
    }

    @Test("the fields show the model's person; the button greets it")
    func greets() {
        let (harness, form) = makeScreen(AppState())
        defer { withExtendedLifetime(harness) {} }
        #expect(form.firstNameField.text == "David")
        #expect(form.lastNameField.text == "Blaine")
        #expect(form.greetingLabel.text.isEmpty)
        form.showGreetingButton.sendActions()
        #expect(form.greetingLabel.text == "Hello David Blaine")
    }

    @Test("an edit goes straight into the model, and the greeting uses it, trimmed")
    func editsReachTheModel() {
        let model = AppState()
        let (harness, form) = makeScreen(model)
        defer { withExtendedLifetime(harness) {} }
        type(" 谦 ", into: form.firstNameField)
        type("刘", into: form.lastNameField)
        #expect(model.person.firstName == " 谦 ")
        #expect(model.person.lastName == "刘")
        form.showGreetingButton.sendActions()
        #expect(form.greetingLabel.text == "Hello 谦 刘")
    }

    @Test("a missing name: the warning, in the error style, where the greeting goes")
    func warnsOnMissingName() {
        let (harness, form) = makeScreen(AppState(person: Person(id: "x", firstName: "David", lastName: "  ")))
        defer { withExtendedLifetime(harness) {} }
        form.showGreetingButton.sendActions()
        #expect(form.greetingLabel.text == "Please enter a first and a last name.")
        #expect(form.greetingLabel.style == Theme.error)
        type("Blaine", into: form.lastNameField)
        form.showGreetingButton.sendActions()
        #expect(form.greetingLabel.text == "Hello David Blaine")
        #expect(form.greetingLabel.style == Theme.title)
    }
}
