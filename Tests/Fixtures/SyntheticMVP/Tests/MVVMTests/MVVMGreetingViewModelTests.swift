@Test func elsewhere() {}
