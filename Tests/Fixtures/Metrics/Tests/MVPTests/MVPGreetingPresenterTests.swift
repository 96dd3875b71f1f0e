import Testing

@Test func greets() {
    let view = ViewSpy()
    GreetingPresenter(view: view).greet()
    #expect(view.greeting == "Hello, David")
}
@Test func greetsOnce() { #expect(ViewSpy().calls.isEmpty) }
