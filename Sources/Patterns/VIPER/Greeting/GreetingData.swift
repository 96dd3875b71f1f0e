/// What crosses from the interactor to the presenter, Orlov's transport structure (not the entity):
/// the presenter never holds the data layer's `Person`. The interactor picks the greeting word and
/// the subject; the presenter decides how they read.
struct GreetingData: Sendable, Equatable {
    /// `Hello`.
    let greeting: String
    /// `David Blaine`: the first and last name, trimmed.
    let subject: String
}
