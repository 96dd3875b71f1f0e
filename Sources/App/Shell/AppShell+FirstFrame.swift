extension AppShell {
    /// Runs `work` right after the first frame is out (at once if it is): what a launch does that
    /// its first frame does not show waits for that frame.
    package func afterFirstFrame(_ work: @escaping @MainActor () -> Void) { frames.afterFirstFrame(work) }
}
