import Model
import Networking
import Tracing

/// The person service's `{"id", "first_name", "last_name"}` → `Person`, names cleaned; nil when
/// the data is not a person.
package struct PersonReformer: Reformer {
    package init() {}

    package func reform(_ data: JSONValue, from source: ResponseSource) -> Person? {
        guard let id = data["id"]?.stringValue, let first = data["first_name"]?.stringValue,
            let last = data["last_name"]?.stringValue
        else {
            @Traced(.reformer, self, "\(source.method): not a person") var call
            return nil
        }
        let person = Person(id: TextCleaner.clean(id), firstName: TextCleaner.clean(first), lastName: TextCleaner.clean(last))
        @Traced(.reformer, self, "\(source.method) → \(person.fullName)") var call
        return person
    }

    /// One person API answers; several would name the same person, so the first found stands.
    package func combine(_ outputs: [Person?]) -> Person? {
        outputs.lazy.compactMap { $0 }.first
    }
}
