final class Spy {}
