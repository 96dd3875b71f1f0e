import ScreenViews
import Testing
@Suite struct MVPGreetingViewControllerTests {
    @Test func shows() {}
}
