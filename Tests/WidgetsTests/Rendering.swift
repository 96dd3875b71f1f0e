import Terminal
import Widgets

/// Draws `view` alone into a fresh memory screen of `size` and returns the screen.
@MainActor
func render(_ view: View, size: Size) -> MemoryScreen {
    let screen = MemoryScreen(size: size)
    view.frame = Rect(origin: .zero, size: size)
    view.render(in: Canvas(screen: screen, bounds: Rect(origin: .zero, size: size)))
    screen.present()
    return screen
}

/// Draws `window` into a fresh memory screen of `size` and returns the screen.
@MainActor
func render(_ window: Window, size: Size) -> MemoryScreen {
    let screen = MemoryScreen(size: size)
    window.render(in: Canvas(screen: screen, bounds: Rect(origin: .zero, size: size)))
    screen.present()
    return screen
}

/// The screen's rows, trailing spaces removed.
@MainActor
func lines(_ screen: MemoryScreen) -> [String] {
    screen.text.components(separatedBy: "\n")
}
