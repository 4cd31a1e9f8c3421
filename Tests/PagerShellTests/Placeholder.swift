import Testing

@Test func placeholder_PagerShellTests() { #expect(1 + 1 == 2) }
