import Testing

@Test func personStartsUngreeted() { #expect(!Person().greeted) }
@Test func personKeepsItsName() { #expect(Person().name == "David") }
