/* open
	still */ let x = 1
let 张	= "a	b"
@MainActor func f() {}
