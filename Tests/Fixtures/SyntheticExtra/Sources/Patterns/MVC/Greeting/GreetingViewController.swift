final class A {}
let b = 1
let c = 2
