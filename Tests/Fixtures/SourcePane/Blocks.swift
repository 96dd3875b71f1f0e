struct S {
    var name = "{"  // }
    func f() {
        @Traced(.view, self, "}") var call
        let g = { (x: Int) in x }
        /* { */
    }
    func one() { @Traced(.view, self) var call }
    var computed: Int {
        1
    }
}
let top = 1

