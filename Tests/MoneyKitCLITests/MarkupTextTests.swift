// The one markup escaping (HTML report, SVG chart): the five markup characters become
// entities, everything else is kept as it is.

import Testing
@testable import MoneyKitCLI

@Suite struct MarkupTextTests {
    @Test func theFiveMarkupCharactersBecomeEntities() {
        #expect(MarkupText.escaped("Stocks & Shares <ISA> \"x\" O'Brien") == "Stocks &amp; Shares &lt;ISA&gt; &quot;x&quot; O&#39;Brien")
        #expect(MarkupText.escaped("</li><img onerror=alert(1)>") == "&lt;/li&gt;&lt;img onerror=alert(1)&gt;")
    }

    @Test func textWithoutMarkupIsKeptAsItIs() {
        #expect(MarkupText.escaped("Kr 1 000,50 · ₹10 \u{1B}") == "Kr 1 000,50 · ₹10 \u{1B}")
        #expect(MarkupText.escaped("") == "")
    }
}
