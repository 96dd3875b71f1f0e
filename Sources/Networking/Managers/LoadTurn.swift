/// On which turn an async load's reply may come back to its caller.
///
/// An async caller (`load()`, `firstPage()` …) waits for the reply anyway, so its request starts
/// at once, on the caller's turn: a reply that needs no waiting lands before the call returns,
/// with no hop to another thread and back. A load that an event started and went on from (a
/// picture's, through `PictureService.loadPicture(at:delegate:)`) is different: the event's code
/// after the start must run before the reply, as with a delegate-style call, so there the flight
/// starts on a later turn.
public enum LoadTurn {
    /// True inside a load whose reply must land on a later turn than the call. Task-local, so the
    /// tasks such a load starts inherit it.
    @TaskLocal public static var repliesLater = false
}
