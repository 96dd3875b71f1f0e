enum VIPERPattern {
    static let builders = [Greeting: GreetingBuilder.build]
}
