@Test func orphan() {}
