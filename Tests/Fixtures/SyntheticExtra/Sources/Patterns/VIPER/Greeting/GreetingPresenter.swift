final class A {}
