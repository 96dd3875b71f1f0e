/// Where a line of text sits horizontally inside its view.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right
}
