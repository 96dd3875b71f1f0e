import Testing

@Test func tellsObservers() { #expect(Observable(1).value == 1) }
