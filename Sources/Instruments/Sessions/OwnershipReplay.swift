import Mediator
import PatternVocabulary
import Shell
import Terminal

extension ReplayRunner: OwnershipCapturing {
    /// Builds `screen` in every pattern that has it on a fresh context holding `model`'s values,
    /// presses `keys` as a replay does, and captures the module's graph before tearing it down.
    package func ownershipInEveryPattern(keys: [Key], screen: ScreenID, size: Size, model: AppStateValues?) async
        -> [OwnershipSnapshot] {
        var snapshots: [OwnershipSnapshot] = []
        for pattern in PatternID.allCases where registry.isAvailable(pattern, screen) {
            let session = await session(pattern, screen, keys: keys, size: size, model: model)
            if let snapshot = session.ownership.capture() { snapshots.append(snapshot) }
            session.shell.stop()
        }
        return snapshots
    }
}
