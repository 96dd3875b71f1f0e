import Terminal
import Testing
import Widgets

@MainActor
private final class Listings: ListViewDataSource, ListViewDelegate {
    var cells: [ListCell]
    var selected: [Int] = []
    var lastRowReports: [Int] = []

    init(count: Int) {
        cells = (0..<count).map { ListCell(title: "Flat \($0)", subtitle: "Area \($0)", accessory: "¥\($0)k") }
    }

    func numberOfRows(in listView: ListView) -> Int { cells.count }
    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell { cells[row] }
    func listView(_ listView: ListView, didSelectRow row: Int) { selected.append(row) }
    func listView(_ listView: ListView, willDisplayLastRow row: Int) { lastRowReports.append(row) }
}

@MainActor
@Suite struct ListViewTests {
    @Test func drawsCellsWithSubtitleAndRightAlignedAccessory() {
        let source = Listings(count: 2)
        source.cells[1] = ListCell(title: "静安 loft", subtitle: "张伟", accessory: "¥12k")
        let list = ListView()
        list.dataSource = source
        let screen = render(list, size: Size(width: 20, height: 4))
        #expect(lines(screen) == [
            "  Flat 0         ¥0k",
            "  Area 0",
            "  静安 loft     ¥12k",
            "  张伟",
        ])
    }

    @Test func accessoriesAlignAfterCJKTitles() {
        let source = Listings(count: 2)
        source.cells[0] = ListCell(title: "张伟", accessory: "9")
        source.cells[1] = ListCell(title: "Li Na", accessory: "9")
        let list = ListView()
        list.dataSource = source
        let screen = render(list, size: Size(width: 12, height: 4))
        // Both accessories sit in the last column, whatever the titles' scripts.
        #expect(screen.cell(x: 11, y: 0).character == "9")
        #expect(screen.cell(x: 11, y: 2).character == "9")
    }

    @Test func selectionMovesAndEnterSelects() {
        let source = Listings(count: 5)
        let list = ListView()
        list.dataSource = source
        list.delegate = source
        #expect(list.selectedRow == nil)
        #expect(list.handleKey(.down))
        #expect(list.selectedRow == 0)
        _ = list.handleKey(.down)
        _ = list.handleKey(.down)
        #expect(list.selectedRow == 2)
        _ = list.handleKey(.end)
        #expect(list.selectedRow == 4)
        #expect(list.handleKey(.down))  // consumed at the bottom, stays
        #expect(list.selectedRow == 4)
        _ = list.handleKey(.home)
        #expect(list.selectedRow == 0)
        #expect(!list.handleKey(.up))  // at the top ↑ is left for focus movement
        _ = list.handleKey(.down)
        #expect(list.handleKey(.enter))
        #expect(source.selected == [1])
        let screen = render(list, size: Size(width: 20, height: 10))
        #expect(lines(screen)[2].hasPrefix("▸ Flat 1"))
    }

    @Test func scrollingKeepsTheSelectionVisible() {
        let source = Listings(count: 10)
        let list = ListView()
        list.dataSource = source
        list.selectedRow = 0
        _ = render(list, size: Size(width: 20, height: 6))  // three cells fit
        for _ in 0..<4 { _ = list.handleKey(.down) }
        var screen = render(list, size: Size(width: 20, height: 6))
        #expect(list.firstVisibleRow == 2)
        #expect(lines(screen)[4].hasPrefix("▸ Flat 4"))
        _ = list.handleKey(.pageDown)
        screen = render(list, size: Size(width: 20, height: 6))
        #expect(list.selectedRow == 7)
        #expect(lines(screen)[4].hasPrefix("▸ Flat 7"))
        _ = list.handleKey(.home)
        screen = render(list, size: Size(width: 20, height: 6))
        #expect(list.firstVisibleRow == 0)
        #expect(lines(screen)[0].hasPrefix("▸ Flat 0"))
    }

    @Test func willDisplayLastRowFiresOncePerReachingTheEnd() {
        let source = Listings(count: 4)
        let list = ListView()
        list.dataSource = source
        list.delegate = source
        list.selectedRow = 0
        _ = render(list, size: Size(width: 20, height: 4))
        #expect(source.lastRowReports.isEmpty)
        _ = list.handleKey(.end)
        _ = render(list, size: Size(width: 20, height: 4))
        _ = render(list, size: Size(width: 20, height: 4))
        #expect(source.lastRowReports == [3])
        // The next page arrives: the new end is reported when reached.
        source.cells += Listings(count: 2).cells
        list.reloadData()
        _ = render(list, size: Size(width: 20, height: 4))
        #expect(source.lastRowReports == [3])
        _ = list.handleKey(.end)
        _ = render(list, size: Size(width: 20, height: 4))
        #expect(source.lastRowReports == [3, 5])
        // Leaving the end and coming back reports it again.
        _ = list.handleKey(.home)
        _ = render(list, size: Size(width: 20, height: 4))
        _ = list.handleKey(.end)
        _ = render(list, size: Size(width: 20, height: 4))
        #expect(source.lastRowReports == [3, 5, 5])
    }

    @Test func footerShowsUnderTheLastRow() {
        let source = Listings(count: 3)
        let list = ListView()
        list.dataSource = source
        list.footerText = "loading more …"
        var screen = render(list, size: Size(width: 20, height: 5))
        #expect(!screen.contains("loading more"))  // not at the end yet: two cells and a spare line
        list.selectedRow = 2
        screen = render(list, size: Size(width: 20, height: 5))
        #expect(lines(screen)[4] == "  loading more …")
        list.footerText = "no more listings"
        screen = render(list, size: Size(width: 20, height: 5))
        #expect(lines(screen)[4] == "  no more listings")
    }

    @Test func reloadKeepsSelectionWithinRows() {
        let source = Listings(count: 5)
        let list = ListView()
        list.dataSource = source
        list.selectedRow = 4
        source.cells.removeLast(3)
        list.reloadData()
        #expect(list.selectedRow == 1)
        source.cells.removeAll()
        list.reloadData()
        #expect(list.selectedRow == nil)
        #expect(!list.handleKey(.down))
    }

    @Test func pagingSynchronouslyFromWillDisplayLastRowIsSafe() {
        let source = PagingListings()
        let list = ListView()
        list.dataSource = source
        list.delegate = source
        _ = render(list, size: Size(width: 20, height: 6))
        _ = render(list, size: Size(width: 20, height: 6))
        // Page one (2 rows) fit on screen, so page two was asked for; three cells fill the screen.
        #expect(source.pagesLoaded == 2)
        #expect(list.numberOfRows == 4)
        let screen = render(list, size: Size(width: 20, height: 6))
        #expect(lines(screen)[4] == "  Flat 2")
    }
}

/// Appends a page of two rows, and reloads, right inside `willDisplayLastRow`.
@MainActor
private final class PagingListings: ListViewDataSource, ListViewDelegate {
    var titles = ["Flat 0", "Flat 1"]
    var pagesLoaded = 1

    func numberOfRows(in listView: ListView) -> Int { titles.count }
    func listView(_ listView: ListView, cellForRow row: Int) -> ListCell { ListCell(title: titles[row]) }
    func listView(_ listView: ListView, willDisplayLastRow row: Int) {
        guard pagesLoaded < 2 else { return }
        pagesLoaded += 1
        titles += ["Flat 2", "Flat 3"]
        listView.reloadData()
    }
}
