/// Where a line of text sits horizontally inside its view.
package enum TextAlignment: Sendable, Hashable {
    case left, center, right
}
