final class Observable<Value> {
    var value: Value { didSet { observers.forEach { $0(value) } } }
    private var observers: [(Value) -> Void] = []
    func bind(_ observer: @escaping (Value) -> Void) { observers.append(observer) }
}
