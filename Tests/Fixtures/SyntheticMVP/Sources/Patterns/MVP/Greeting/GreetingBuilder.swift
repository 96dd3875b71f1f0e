enum GreetingBuilder {
    static func build() {}
}
