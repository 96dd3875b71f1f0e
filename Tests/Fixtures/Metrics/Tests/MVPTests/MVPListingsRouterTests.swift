import Testing

@Test func opensDetail() { #expect(ListingsRouter().opened == nil) }
