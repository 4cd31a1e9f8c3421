import Testing

@Test func placeholder_EndToEndTests() { #expect(1 + 1 == 2) }
