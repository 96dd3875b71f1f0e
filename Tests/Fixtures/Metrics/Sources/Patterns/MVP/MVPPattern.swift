enum MVPPattern {
    static let builders = [Greeting: GreetingBuilder.build]
}
