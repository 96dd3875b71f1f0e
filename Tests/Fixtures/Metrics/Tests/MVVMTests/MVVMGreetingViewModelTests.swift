import Testing

@Test func greets() {
    let viewModel = GreetingViewModel()
    viewModel.greet()
    #expect(viewModel.greeting.value == "Hello, David")
}
