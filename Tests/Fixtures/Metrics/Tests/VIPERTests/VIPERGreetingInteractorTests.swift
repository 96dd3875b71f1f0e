import Testing

@Test func provides() {
    let output = OutputSpy()
    GreetingInteractor(output: output).provideGreetingData()
    #expect(output.data?.name == "David")
}
@Test func providesOnce() { #expect(OutputSpy().calls == 0) }
