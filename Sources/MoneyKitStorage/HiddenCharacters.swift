// Which characters of a text act on a terminal or hide what the text says: the one list
// the name rule (ItemName: refused in new names) and the terminal sanitiser (shown
// escaped) share.
//
// Two kinds:
// - Controls act on a terminal or break a line: C0 (tab and newline included), DEL, C1,
//   the line and paragraph separators, and bytes that were not UTF-8 (LosslessText).
//   They are escaped even in text this program formatted itself.
// - Invisible characters show nothing, or reorder what is around them: every Unicode
//   default-ignorable code point and every format (Cf) character (zero-width space and
//   joiners, word joiner, BOM, soft hyphen, the Arabic letter mark, the bidirectional
//   marks, embeddings, overrides and isolates, tag characters, variation selectors,
//   Hangul fillers, …). "ab" and "a\u{200B}b" would read alike: two names a person
//   could not tell apart, or a line that reads differently from its bytes.
//
// A few invisible characters are part of what a visible character shows, and only there
// are they kept (in names and on terminals alike):
// - the zero-width joiner between two emoji (👩‍👩‍👧), or after a virama (Indic conjuncts);
// - the zero-width non-joiner after a virama, or between two Arabic-script letters
//   (Persian "می‌روم", where it stops the letters joining: the word looks different);
// - a variation selector right after the character it selects a form of (☕️, 1️⃣, a CJK
//   ideograph's variant, a Mongolian letter's free variation selector);
// - tag characters inside an emoji tag sequence (the flag of Scotland: 🏴 then tags then
//   the cancel tag).
// Anywhere else they are hidden: "a\u{200D}b" is refused.

/// Which characters of a text are controls or invisible (see the top of this file).
public enum HiddenCharacters {
    /// Whether `scalar` acts on a terminal or breaks a line, in any context: C0 controls,
    /// DEL, C1 controls, the line and paragraph separators, and bytes that were not UTF-8
    /// (see LosslessText).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x10_FF80...0x10_FFFF: return true
        default: return false
        }
    }

    /// Whether `scalar` shows nothing or reorders text around it when out of context:
    /// a default-ignorable code point or a format (Cf) character.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
    }

    /// Whether `scalar` may be hidden: a control or an invisible character. Most text
    /// holds none, so callers check this first and look at the context only for these.
    @inline(__always)
    public static func mayBeHidden(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII is neither: the common case costs one comparison.
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        return isControl(scalar) || isInvisible(scalar)
    }

    /// The positions in `scalars` of every control, and of every invisible character
    /// that is not part of what a visible character shows.
    public static func hiddenPositions(in scalars: [Unicode.Scalar]) -> [Int] {
        scalars.indices.filter { isHidden(at: $0, in: scalars) }
    }

    /// The first hidden scalar of `text` (see `hiddenPositions(in:)`), or nil.
    public static func firstHidden(in text: String) -> Unicode.Scalar? {
        guard text.unicodeScalars.contains(where: mayBeHidden) else { return nil }
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.first { isHidden(at: $0, in: scalars) }.map { scalars[$0] }
    }

    /// Whether the scalar at `index` of `scalars` is hidden there.
    public static func isHidden(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let scalar = scalars[index]
        guard mayBeHidden(scalar) else { return false }
        if isControl(scalar) { return true }
        let before = index > scalars.startIndex ? scalars[index - 1] : nil
        let after = index + 1 < scalars.endIndex ? scalars[index + 1] : nil
        switch scalar.value {
        case 0x200D:  // zero-width joiner
            if let before, isVirama(before) { return false }
            let joinsEmoji = (baseBefore(index, in: scalars).map(isEmojiBase) ?? false) && (after.map(isEmojiBase) ?? false)
            return !joinsEmoji
        case 0x200C:  // zero-width non-joiner
            if let before, isVirama(before) { return false }
            return !((before.map(isArabicLetter) ?? false) && (after.map(isArabicLetter) ?? false))
        case 0xFE0E, 0xFE0F:  // text and emoji presentation selectors
            return !(before.map(isEmojiBase) ?? false) && !(before.map(isKeycapBase) ?? false)
        case 0xFE00...0xFE0D:  // standardized variation sequences (maths, CJK, scripts)
            return !(before.map(isVariationBase) ?? false)
        case 0xE0100...0xE01EF:  // ideographic variation selectors
            return !(before?.properties.isIdeographic ?? false)
        case 0x180B...0x180D, 0x180F:  // Mongolian free variation selectors
            return !(before.map { (0x1820...0x18AA).contains($0.value) } ?? false)
        case 0xE0020...0xE007F:  // tag characters: only inside an emoji tag sequence
            return !isInEmojiTagSequence(index, in: scalars)
        default:
            return true
        }
    }

    // MARK: contexts

    /// The scalar a joiner at `index` joins to: the one before, skipping the emoji
    /// presentation selector and skin-tone modifiers that belong to it.
    private static func baseBefore(_ index: Int, in scalars: [Unicode.Scalar]) -> Unicode.Scalar? {
        var position = index - 1
        while position >= scalars.startIndex {
            let scalar = scalars[position]
            if scalar.value == 0xFE0F || scalar.properties.isEmojiModifier { position -= 1; continue }
            return scalar
        }
        return nil
    }

    /// An emoji a joiner or presentation selector may follow: not the ASCII digits, '#'
    /// and '*' (emoji only as keycaps).
    private static func isEmojiBase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isEmoji
    }

    /// A keycap's base: 0–9, '#', '*' (1️⃣ is "1", U+FE0F, U+20E3).
    private static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 && scalar.properties.isEmoji
    }

    /// A character a standardized variation selector may follow: a visible non-ASCII one.
    private static func isVariationBase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && !mayBeHidden(scalar) && !scalar.properties.isWhitespace
    }

    /// A virama (canonical combining class 9): joiners after it choose a conjunct's form.
    private static func isVirama(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.canonicalCombiningClass == .virama
    }

    /// A letter of the Arabic script (Arabic, Arabic Supplement, Extended-A and -B, the
    /// presentation forms), which joins to its neighbours.
    private static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0620...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFC:
            return scalar.properties.generalCategory == .otherLetter
        default:
            return false
        }
    }

    /// Whether the tag character at `index` is inside an emoji tag sequence: tags back to
    /// an emoji, and forward to the cancel tag (U+E007F).
    private static func isInEmojiTagSequence(_ index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        func isTag(_ scalar: Unicode.Scalar) -> Bool { (0xE0020...0xE007E).contains(scalar.value) }
        var start = index
        if scalars[index].value == 0xE007F {
            // The cancel tag ends a sequence of at least one tag.
            guard index > scalars.startIndex, isTag(scalars[index - 1]) else { return false }
            start = index - 1
        }
        while start > scalars.startIndex, isTag(scalars[start - 1]) { start -= 1 }
        guard start > scalars.startIndex, isEmojiBase(scalars[start - 1]) else { return false }
        var end = index
        while end < scalars.endIndex, isTag(scalars[end]) { end += 1 }
        return end < scalars.endIndex && scalars[end].value == 0xE007F
    }
}
