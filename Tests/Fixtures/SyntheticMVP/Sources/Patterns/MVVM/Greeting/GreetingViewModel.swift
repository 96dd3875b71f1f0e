final class GreetingViewModel {}
