enum GreetingBuilder {
    static func build() -> GreetingViewController { GreetingViewController() }
}
