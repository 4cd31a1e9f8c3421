import Testing

@Test func placeholder_PagerSpeechTests() { #expect(1 + 1 == 2) }
