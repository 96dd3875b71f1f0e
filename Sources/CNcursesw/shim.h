// The C surface of ncursesw that the Terminal target uses, and nothing else imports.
// SwiftPM drops the -D flags pkg-config gives, so wide-character support is switched on here;
// without it get_wch, cchar_t and mvaddwstr are not declared.
#ifndef MVX_CNCURSESW_SHIM_H
#define MVX_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
// term.h defines macros named after every terminfo capability (lines, columns, bell, …):
// the C code below avoids those names.
#include <ncursesw/term.h>

// Macros and C globals are not visible to Swift 6 (or not safely): small accessors instead.
static inline WINDOW *mvx_stdscr(void) { return stdscr; }
static inline int mvx_lines(void) { return LINES; }
static inline int mvx_cols(void) { return COLS; }
static inline int mvx_colors(void) { return COLORS; }
static inline int mvx_color_pairs(void) { return COLOR_PAIRS; }
static inline int mvx_key_f(int n) { return KEY_F(n); }
static inline int mvx_color_pair(int n) { return (int)COLOR_PAIR(n); }

static inline attr_t mvx_a_normal(void) { return A_NORMAL; }
static inline attr_t mvx_a_bold(void) { return A_BOLD; }
static inline attr_t mvx_a_dim(void) { return A_DIM; }
static inline attr_t mvx_a_reverse(void) { return A_REVERSE; }
static inline attr_t mvx_a_underline(void) { return A_UNDERLINE; }

// wcwidth is declared by wchar.h only under _XOPEN_SOURCE; the column count curses itself uses.
extern int wcwidth(wchar_t);
static inline int mvx_wcwidth(unsigned int value) { return wcwidth((wchar_t)value); }

static inline int mvx_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int mvx_getmaxx(WINDOW *w) { return getmaxx(w); }

// newterm needs the C stdio streams, which Swift 6 cannot read as globals.
static inline SCREEN *mvx_newterm(const char *term) { return newterm(term, stdout, stdin); }

// Whether the C library's character set is UTF-8 after setlocale (wide output depends on it).
static inline int mvx_locale_is_utf8(void) {
    const char *cs = nl_langinfo(CODESET);
    return cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

// The window size from the tty driver; ioctl is variadic, hence C. Returns 0 on success.
static inline int mvx_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

// Whether fd's terminal has gone away (hangup or error), without reading from it.
static inline int mvx_hung_up(int fd) {
    struct pollfd entry = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&entry, 1, 0) < 0) return 0;
    return (entry.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

// Looks TERM up in terminfo without writing anything (setupterm with an error out-parameter
// never prints). Returns 1 when known, 0 when unknown, -1 when the database is missing.
static inline int mvx_probe_terminal(const char *term, int fd) {
    int err = 0;
    if (setupterm(term, fd, &err) != OK) return err;
    del_curterm(cur_term);
    return 1;
}

// MARK: - Restoring the terminal from a crash or from exit()
//
// A crash handler may only use async-signal-safe calls, so everything it needs is prepared
// at open time and kept here in plain C storage: the termios found before curses, the escape
// bytes that undo curses (sgr0, cnorm, rmkx, rmcup) and the descriptors of the stderr capture.

// Swift does not emit a header's static globals, only functions (and their static locals), so
// the state lives in one function-local static. Only TerminalSession.swift calls these functions,
// which keeps a single copy even in debug builds, where each Swift file is its own C unit.
struct mvx_restore_state {
    struct termios saved_termios;
    int saved_termios_valid;
    char undo_bytes[1024];
    size_t undo_length;
    int real_stderr;        // a dup of the stderr we found, or -1
    int capture_fd;         // the unlinked temp file fd 2 points at meanwhile, or -1
    volatile sig_atomic_t curses_active;
    int crash_handlers_installed;
    int atexit_registered;
    struct sigaction previous_crash_actions[6];
    char alternate_stack[64 * 1024];  // so a stack overflow (SIGSEGV) can still be handled
};

static inline struct mvx_restore_state *mvx_state(void) {
    static struct mvx_restore_state state = { .real_stderr = -1, .capture_fd = -1 };
    return &state;
}

static inline void mvx_write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(fd, bytes, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        count -= (size_t)written;
    }
}

/// Saves the tty modes of fd so they can be put back exactly. Returns 0 on success.
static inline int mvx_save_termios(int fd) {
    if (tcgetattr(fd, &mvx_state()->saved_termios) != 0) return -1;
    mvx_state()->saved_termios_valid = 1;
    return 0;
}

static inline void mvx_restore_termios(int fd) {
    struct mvx_restore_state *st = mvx_state();
    if (st->saved_termios_valid) tcsetattr(fd, TCSANOW, &st->saved_termios);
}

/// Appends one terminfo string capability (e.g. "rmcup") to the undo bytes, if the terminal has it.
static inline void mvx_add_undo_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return;
    struct mvx_restore_state *st = mvx_state();
    size_t length = strlen(value);
    if (st->undo_length + length >= sizeof(st->undo_bytes)) return;
    memcpy(st->undo_bytes + st->undo_length, value, length);
    st->undo_length += length;
}

/// Whether the terminal has the string capability `name` (e.g. "smcup": an alternate screen).
static inline int mvx_has_capability(const char *name) {
    char *value = tigetstr(name);
    return value != NULL && value != (char *)-1;
}

static inline void mvx_clear_undo_bytes(void) { mvx_state()->undo_length = 0; }

/// Writes the undo bytes (attributes off, cursor on, keypad off, alternate screen off) to fd.
static inline void mvx_write_undo_bytes(int fd) { mvx_write_all(fd, mvx_state()->undo_bytes, mvx_state()->undo_length); }

static inline void mvx_set_curses_active(int active) { mvx_state()->curses_active = active; }

/// Points fd 2 at an unlinked temp file so stray stderr output cannot corrupt the screen.
/// Returns 0 on success (and leaves stderr alone on failure).
static inline int mvx_capture_stderr(void) {
    char path[] = "/tmp/mvx-stderr-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    unlink(path);
    int real = dup(2);
    if (real < 0) { close(fd); return -1; }
    fcntl(real, F_SETFD, FD_CLOEXEC);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (dup2(fd, 2) < 0) { close(fd); close(real); return -1; }
    mvx_state()->real_stderr = real;
    mvx_state()->capture_fd = fd;
    return 0;
}

/// Puts the real stderr back on fd 2, then copies what was captured to it. Async-signal-safe.
static inline void mvx_release_stderr(void) {
    struct mvx_restore_state *st = mvx_state();
    if (st->real_stderr < 0) return;
    dup2(st->real_stderr, 2);
    if (st->capture_fd >= 0 && lseek(st->capture_fd, 0, SEEK_SET) == 0) {
        char buffer[4096];
        for (;;) {
            ssize_t n = read(st->capture_fd, buffer, sizeof(buffer));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            mvx_write_all(2, buffer, (size_t)n);
        }
    }
    if (st->capture_fd >= 0) close(st->capture_fd);
    close(st->real_stderr);
    st->capture_fd = -1;
    st->real_stderr = -1;
}

/// The terminal back as found, without curses (which is not async-signal-safe): tty modes,
/// undo bytes, then whatever went to stderr — so a "Fatal error" lands on the normal screen.
static inline void mvx_emergency_restore(void) {
    if (!mvx_state()->curses_active) return;
    mvx_state()->curses_active = 0;
    mvx_restore_termios(0);
    mvx_write_undo_bytes(1);
    mvx_release_stderr();
}

static inline void mvx_crash_handler(int signo) {
    mvx_emergency_restore();
    // Die of the same signal, with the default action, so the exit status tells the truth.
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signo);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(signo);
}

#define MVX_CRASH_SIGNAL_COUNT 6
#define MVX_CRASH_SIGNALS { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE }

static inline void mvx_install_crash_handlers(void) {
    const int signals[MVX_CRASH_SIGNAL_COUNT] = MVX_CRASH_SIGNALS;
    struct mvx_restore_state *st = mvx_state();
    if (st->crash_handlers_installed) return;
    // The handlers run on their own stack (for the thread that opened the terminal, the main one).
    stack_t alternate;
    memset(&alternate, 0, sizeof(alternate));
    alternate.ss_sp = st->alternate_stack;
    alternate.ss_size = sizeof(st->alternate_stack);
    sigaltstack(&alternate, NULL);
    for (int i = 0; i < MVX_CRASH_SIGNAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_handler = mvx_crash_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_ONSTACK;
        sigaction(signals[i], &action, &st->previous_crash_actions[i]);
    }
    st->crash_handlers_installed = 1;
}

static inline void mvx_remove_crash_handlers(void) {
    const int signals[MVX_CRASH_SIGNAL_COUNT] = MVX_CRASH_SIGNALS;
    struct mvx_restore_state *st = mvx_state();
    if (!st->crash_handlers_installed) return;
    for (int i = 0; i < MVX_CRASH_SIGNAL_COUNT; i++) {
        sigaction(signals[i], &st->previous_crash_actions[i], NULL);
    }
    st->crash_handlers_installed = 0;
}

static inline void mvx_atexit_restore(void) { mvx_emergency_restore(); }

/// Registers the exit() safety net once per process.
static inline void mvx_register_atexit(void) {
    struct mvx_restore_state *st = mvx_state();
    if (!st->atexit_registered) {
        atexit(mvx_atexit_restore);
        st->atexit_registered = 1;
    }
}

/// Sets a signal's disposition to ignore (SIG_IGN is a macro Swift cannot import).
static inline void mvx_ignore_signal(int signo) { signal(signo, SIG_IGN); }
static inline void mvx_default_signal(int signo) { signal(signo, SIG_DFL); }

/// Unblocks the signals a parent may have blocked (pthread_sigmask on the calling thread).
static inline void mvx_unblock_signal(int signo) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

#endif
