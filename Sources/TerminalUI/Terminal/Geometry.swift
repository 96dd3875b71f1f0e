/// A size in terminal cells.
// Public only because `View`'s open methods take it; its members are package.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package static let zero = Size(width: 0, height: 0)

    /// `80×24`, the way terminal sizes are usually written.
    public var description: String { "\(width)×\(height)" }

    /// True when both dimensions are at least those of `other`.
    package func fits(_ other: Size) -> Bool { width >= other.width && height >= other.height }
}

/// A cell position: `x` is the column, `y` the row, both from zero at the top left.
package struct Point: Hashable, Sendable {
    package var x: Int
    package var y: Int

    package init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    package static let zero = Point(x: 0, y: 0)
}

/// A rectangle of cells.
// Public only because `View`'s open methods take it; its members are package.
public struct Rect: Hashable, Sendable {
    package var origin: Point
    package var size: Size

    package init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    package var minX: Int { origin.x }
    package var minY: Int { origin.y }
    package var maxX: Int { origin.x + size.width }
    package var maxY: Int { origin.y + size.height }
    package var width: Int { size.width }
    package var height: Int { size.height }
    package var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    package func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The overlap of two rectangles; empty (zero size) when they do not meet.
    package func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle shrunk by the given margins (never below zero size).
    package func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(
            x: minX + left, y: minY + top,
            width: max(0, width - left - right), height: max(0, height - top - bottom)
        )
    }

    /// Splits off `amount` columns from the left; returns (left part, rest).
    package func divided(atX amount: Int) -> (Rect, Rect) {
        let a = min(max(0, amount), width)
        return (Rect(x: minX, y: minY, width: a, height: height),
                Rect(x: minX + a, y: minY, width: width - a, height: height))
    }

    /// Splits off `amount` rows from the top; returns (top part, rest).
    package func divided(atY amount: Int) -> (Rect, Rect) {
        let a = min(max(0, amount), height)
        return (Rect(x: minX, y: minY, width: width, height: a),
                Rect(x: minX, y: minY + a, width: width, height: height - a))
    }
}
