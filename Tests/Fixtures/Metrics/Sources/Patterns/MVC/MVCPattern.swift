enum MVCPattern {
    static let builders = [Greeting: GreetingBuilder.build]
}
