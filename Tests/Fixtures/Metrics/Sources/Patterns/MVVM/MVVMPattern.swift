enum MVVMPattern {
    static let builders = [Greeting: GreetingBuilder.build]
}
