// A field typed on a screen (billsplit's bill and custom tip, tillcount's float): the text
// as typed, character by character. The field never judges a character: what the text
// means is decided by the parser the options use (Money.parse, Percentage, MassText), and
// a refusal is shown on the screen, so that no character is ever dropped unseen.

/// The text of a field on a screen, edited by keys (a reducer: text and key in, text and
/// what happened out).
package struct ScreenField: Equatable, Sendable {
    /// What has been typed.
    package private(set) var text: String

    /// The most characters a field holds: more than any amount, weight or percentage.
    package static let longest = 32

    /// What a key did to the field.
    package enum Edit: Equatable, Sendable {
        /// A character was added, or the last one taken back.
        case changed
        /// The field is full: the character was not added, and the screen says so.
        case full
        /// Enter: the screen reads the text.
        case submitted
        /// Esc: the screen closes the field.
        case cancelled
        /// Not a key for the field (arrows, function keys, ⌫ on nothing).
        case ignored
    }

    /// A field holding `text`.
    package init(_ text: String = "") {
        self.text = text
    }

    /// Applies `key`: a printable character is added whatever it is, ⌫ takes back the
    /// last, Enter submits and Esc cancels.
    package mutating func apply(_ key: Key) -> Edit {
        switch key {
        case .character(let character) where !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }):
            guard text.count < Self.longest else { return .full }
            text.append(character)
            return .changed
        case .backspace, .delete:
            guard !text.isEmpty else { return .ignored }
            text.removeLast()
            return .changed
        case .enter: return .submitted
        case .escape, .interrupt: return .cancelled
        default: return .ignored
        }
    }

    /// What the screen says when the field is full.
    package static let fullMessage = "The field is full (\(longest) characters): ⌫ to correct it"
}
