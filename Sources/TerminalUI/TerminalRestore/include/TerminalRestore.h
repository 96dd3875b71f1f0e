// TerminalRestore: what puts the terminal back as mvx found it, even from a crash or exit().
//
// A crash handler may only make async-signal-safe calls, so everything it needs is prepared while
// the terminal is opened and kept in plain C storage (TerminalRestore.c): the tty modes found
// before curses, the escape bytes that undo curses, and the descriptors of the stderr capture.
// Only the Terminal target imports this module; TerminalSession.swift is its one caller.
#ifndef MVX_TERMINAL_RESTORE_H
#define MVX_TERMINAL_RESTORE_H

#include <stddef.h>

/// Saves the tty modes of fd so they can be put back exactly. Returns 0 on success.
int mvx_save_termios(int fd);
/// Puts back the tty modes saved by mvx_save_termios (nothing when none were saved).
void mvx_restore_termios(int fd);

/// Forgets the undo bytes gathered so far.
void mvx_clear_undo_bytes(void);
/// Appends escape bytes (one terminfo string, e.g. the terminal's rmcup) to the undo bytes;
/// NULL or a string that no longer fits is left out.
void mvx_add_undo_bytes(const char *bytes);
/// Copies terminfo string `bytes` to `out` (at most capacity - 1 bytes and a NUL) without its
/// padding (`$<50>`): tputs turns padding into a delay, a raw write would print it. Returns the length.
size_t mvx_strip_padding(const char *bytes, char *out, size_t capacity);
/// Writes the undo bytes (attributes off, cursor on, keypad off, alternate screen off) to fd.
void mvx_write_undo_bytes(int fd);

/// Whether curses owns the terminal: only then do the crash handlers, the watchdog and exit()
/// restore it, and only the first of them (the flag is read and cleared atomically).
void mvx_set_curses_active(int active);

/// Points fd 2 at an unlinked temp file so stray stderr output cannot corrupt the screen.
/// Returns 0 on success (and leaves stderr alone on failure).
int mvx_capture_stderr(void);
/// Puts the real stderr back on fd 2, then copies what was captured to it. Async-signal-safe.
void mvx_release_stderr(void);

/// Installs the handlers for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE and SIGQUIT (on
/// the calling thread's alternate stack where it has one, so a stack overflow is handled too):
/// they restore the terminal, run the handler each signal had before (Swift's crash reporter,
/// called with its siginfo when it asked for one), then let the process die of the same signal.
/// Installing twice is harmless.
void mvx_install_crash_handlers(void);
/// Gives the calling thread an alternate signal stack of its own, once (freed when the thread
/// ends), so a crash handler can still run after a stack overflow on it. Cheap when already done.
void mvx_install_alternate_stack(void);
/// Puts back the handlers that were there before mvx_install_crash_handlers.
void mvx_remove_crash_handlers(void);
/// Restores the terminal now if curses is active (tty modes, undo bytes, stderr), once. Async-signal-safe.
void mvx_emergency_restore(void);

/// Handles `signals` (SIGTERM, SIGHUP, …) on a watchdog thread of their own: each arrival is passed
/// on to mvx_termination_notify_fd for the app's run loop, and if curses is still active
/// `grace_ms` later (the main thread is busy), the watchdog restores the terminal and exits with
/// 128 + the signal. Returns 0 on success.
int mvx_install_termination_handlers(const int *signals, int count, int grace_ms);
/// Puts back the dispositions the termination signals had before (the watchdog stays, idle).
void mvx_remove_termination_handlers(void);
/// The non-blocking read end on which termination signals arrive, one byte each; -1 before install.
int mvx_termination_notify_fd(void);
/// Reads one signal number from mvx_termination_notify_fd; 0 when none is waiting.
int mvx_read_termination_signal(void);

/// Stops the process with SIGTSTP's default action (Ctrl-Z), returning after SIGCONT (`fg`).
void mvx_stop_process_group(void);

/// Registers, once per process, an exit() handler that restores the terminal if curses is active.
void mvx_register_atexit(void);

/// Sets a signal's disposition to ignore (SIG_IGN is a macro Swift cannot import).
void mvx_ignore_signal(int signo);
/// Sets a signal's disposition back to the default (SIG_DFL, likewise a macro).
void mvx_default_signal(int signo);
/// Unblocks a signal a parent may have blocked (pthread_sigmask on the calling thread).
void mvx_unblock_signal(int signo);

#endif
