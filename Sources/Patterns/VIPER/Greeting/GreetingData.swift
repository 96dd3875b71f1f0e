/// What crosses from the interactor to the presenter when the user asks for a greeting: a plain
/// value, not the `Person` entity, so the presenter never holds (or writes) the data layer's types.
/// The interactor picks the greeting word and the subject; the presenter decides how they read.
struct GreetingData: Sendable, Equatable {
    /// `Hello`.
    let greeting: String
    /// `David Blaine`: the first and last name, trimmed.
    let subject: String
}
