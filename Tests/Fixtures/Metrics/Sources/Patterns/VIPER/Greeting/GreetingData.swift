struct GreetingData {
    let name: String
}
