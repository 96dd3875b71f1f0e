import Testing

@Test func formats() { #expect(GreetingPresenter().formatted("David") == "Hello, David") }
