struct S {
    var name = "{"  // }
    func f() {
        trace(.view, self, "}")
        let g = { (x: Int) in x }
        /* { */
    }
    func one() { trace(.view, self) }
    var computed: Int {
        1
    }
}
let top = 1

