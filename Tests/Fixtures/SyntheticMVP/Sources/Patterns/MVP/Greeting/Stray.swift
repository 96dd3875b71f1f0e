struct Stray {}
