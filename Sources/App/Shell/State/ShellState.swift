import Model
import Mediator
import Networking
import PatternVocabulary
import Terminal
import Tour

/// Everything the shell knows, as one value: which pattern each screen is in, what is open, how
/// things are scrolled. Only `ShellReducer` changes it; drawing reads it. Its `==` is the
/// compiler's, so every field counts: a test that compares states sees any change.
package struct ShellState: Equatable {
    /// The terminal's size: the panels' areas and the pages they scroll follow from it.
    package var size: Size
    /// The screen on show.
    package var screen: ScreenID
    /// The pattern each screen is built in.
    package var patterns: ScreenPatterns
    /// Mix mode: 1-4 and Tab change only the screen on show.
    package var isMixing: Bool
    /// The help overlay's scroll position; nil while it is hidden.
    package var help: ScrollPosition?
    /// The open tool panel, if any: it gets keys first and draws in the trace pane or the body.
    package var panel: OpenPanel?
    /// Lines the trace pane is scrolled up from the top of its live page.
    package var traceScroll = 0
    /// Where the trace pane's live page starts; moved by `.frameWillDraw` only when the newest
    /// line no longer fits (`TracePane.follow`), so rows keep their contents between jumps.
    package var traceAnchor: TraceAnchor?
    /// What the trace pane shows (`/` types a filter, `p` keeps the pattern's own roles).
    package var traceFilter = TraceFilter()
    /// The filter being typed after `/`, until Enter applies it or Esc drops it.
    package var traceFilterDraft: String?
    /// A one-key message in the key bar's place (why a tab cannot be chosen, what mix mode does).
    package var notice: String?
    /// Set once the user asked to quit; the run loop stops reading events.
    package var shouldQuit = false
    /// Set while a rewind replays the module's keys: the user's keys would interleave with them,
    /// so only quitting is heard.
    package var isRewinding = false
    /// The keys the module on show was sent since it was built (shell commands left out): replaying
    /// them on a fresh module rebuilds its state, which is how compare reruns the last action.
    package var keysOnScreen: [Key] = []
    /// The network type a replay of `keysOnScreen` ends on: replays start on Wi-Fi, and each
    /// change of type recorded in the keys moves it (see `NetworkPanel.replayKeys`).
    package var replayNetworkType = NetworkType.wifi
    /// How many replays compare has asked for; a replay's answer carries its number, so a late
    /// answer for a closed panel is dropped.
    package var replayCount = 0
    /// The guided tour, when the app was given one: its step, what is done, whether its card shows.
    package var tour: TourState?

    package init(size: Size, pattern: PatternID, screen: ScreenID, screenPatterns: [ScreenID: PatternID] = [:]) {
        self.size = size
        self.screen = screen
        patterns = ScreenPatterns(pattern, overrides: screenPatterns)
        // Started with the screens in different patterns: the user is mixing already.
        isMixing = patterns.isMixed
    }

    /// The pattern of the screen on show.
    package var pattern: PatternID { patterns[screen] }

    package var isHelpVisible: Bool { help != nil }

    /// The rows the tour's card takes above the key bar (none while it is hidden).
    package var tourCardRows: Int { tour?.isShown == true ? TourState.cardRows(height: size.height) : 0 }

    /// Where each part of the shell goes now.
    var layout: ShellLayout { ShellLayout(size: size, card: tourCardRows) }
}

/// What happens to the shell: the terminal's events, and the answers to effects it asked for.
package enum ShellEvent: Sendable {
    /// The app starts: pick a screen that exists and build its module.
    case start
    case key(Key)
    /// The module on show was offered `key` (`ShellEffect.offerToModule`) and used it or not.
    case moduleAnswered(Key, consumed: Bool)
    case resize(Size)
    /// A signal asked the app to leave.
    case terminate
    /// Compare's replay `token` finished.
    case replayed(token: Int, [ComparedAction])
    /// The ownership panel's graphs in every pattern, asked for as `token`, were captured.
    case ownershipCaptured(token: Int, [OwnershipSnapshot])
    /// The module on show is not the one the ownership panel's graph was taken of: its stamp and
    /// its graph now (`ShellEffect.followOwnership`'s first answer, when the module changed).
    case ownershipRetaken(LiveOwnership.Stamp, OwnershipSnapshot?)
    /// What became of the module torn down last, counted now (`ShellEffect.followOwnership`'s answer).
    case ownershipFreed(FreedObjects?)
    /// A message for the key bar from outside the reducer (where `w` saved, a replay's progress),
    /// shown until the next key.
    case notice(String)
    /// A frame is about to be drawn: the trace pane's page follows what the trace holds now
    /// (events arrive between keys, so no key event could move it).
    case frameWillDraw
    /// A rewind rebuilt the module and is about to replay its keys: panels step aside, so the keys
    /// reach the module as they first did, and the module's keys start again from none.
    case rewinding
    /// A key a rewind replays: handled as the user's was, while the user's own are not.
    case replayKey(Key)
    /// A rewind finished replaying: the timeline opens again, on the rewind's own action.
    case rewound(action: UInt64)
    /// The tour's solution started (true) or finished (false) playing on the live app.
    case tourPlaying(Bool)
}

extension ShellEvent {
    /// The shell's event for what the terminal reported.
    package init(_ event: TerminalEvent) {
        switch event {
        case .key(let key): self = .key(key)
        case .resize(let size): self = .resize(size)
        case .terminate: self = .terminate
        }
    }
}

/// What the shell asks for outside its state, as plain values; `AppShell` carries them out.
package enum ShellEffect: Equatable, Sendable {
    /// Build the module of the state's screen and pattern, as an action of its own.
    case buildModule(action: String)
    /// Tear the module on show down and build the state's, as one action, the trace saying so.
    case switchModule(action: String, note: String)
    /// Offer a key to the module on show; the answer comes back as `.moduleAnswered`.
    case offerToModule(Key)
    /// Mix mode changed: an action of its own, so the trace records it.
    case announceMix(action: String, note: String)
    /// Change the fake network (a network inspector control), as an action labelled by the key.
    case network(NetworkControl, key: Key)
    /// Save the session recorded so far (`w`); answered by `.notice` with the path or the reason.
    case saveSession
    /// Replay `keys` on a fresh `screen` in every pattern (compare); answered by `.replayed`.
    case replay(keys: [Key], screen: ScreenID, size: Size, token: Int)
    /// Rebuild the module on show and replay its keys up to the timeline's action `action`;
    /// answered by `.rewound`.
    case rewind(action: UInt64)
    /// Build the screen on show in every pattern on fresh contexts, replaying `keysOnScreen`, and
    /// capture each module's graph (ownership's `Tab`); answered by `.ownershipCaptured`.
    case captureOwnership(token: Int)
    /// Before a frame with the ownership panel open: compare the live module with `since`, the stamp
    /// of the one the panel's graph was taken of, and answer `.ownershipRetaken` when it changed, then
    /// `.ownershipFreed`. The live graph is read here, so the reducer never touches the module.
    case followOwnership(since: LiveOwnership.Stamp?)
    /// Play a tour step's solution on the live app, each key waited for unless `together`;
    /// framed by `.tourPlaying(true)` and `.tourPlaying(false)`.
    case playTour(keys: [Key], together: Bool)
    /// Keep the tour's progress in the data folder.
    case saveTourProgress(TourProgress)
}
