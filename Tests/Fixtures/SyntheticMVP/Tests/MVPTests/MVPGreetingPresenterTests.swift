import Testing
@Suite struct MVPGreetingPresenterTests {
    @Test func greets() {}
    @Test func twice() {}
}
