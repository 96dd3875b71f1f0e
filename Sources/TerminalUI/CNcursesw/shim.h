// The C surface of ncursesw that the Terminal target uses, and nothing else imports: accessors
// without state. Besides curses' own macros and globals, two C-library calls that tell curses
// what it works with and that Swift cannot make: the column width of a character (wcwidth, which
// Swift does not see) and the tty's size (a variadic ioctl). Restoring the terminal after a crash
// keeps state a signal handler reads, so it is a C target of its own, TerminalRestore.
// SwiftPM drops the -D flags pkg-config gives, so wide-character support is switched on here;
// without it get_wch, cchar_t and mvaddwstr are not declared.
#ifndef MVX_CNCURSESW_SHIM_H
#define MVX_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <stdio.h>
#include <sys/ioctl.h>
#include <wchar.h>
// Where curses' headers are, by platform: the one step a new system needs (with Package.swift's
// linkerSettings on Terminal, which name its libraries).
#if defined(__linux__)
#include "ncurses-linux.h"
#elif defined(__APPLE__)
#include "ncurses-macos.h"
#else
#error "mvx knows where ncurses is on Linux and macOS only: add an ncurses-<platform>.h beside shim.h and its libraries to Package.swift"
#endif

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

// The window size from the tty driver; ioctl is variadic, hence C. Returns 0 on success.
static inline int mvx_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

// Looks TERM up in terminfo without writing anything (setupterm with an error out-parameter
// never prints). Returns 1 when known, 0 when unknown, -1 when the database is missing.
static inline int mvx_probe_terminal(const char *term, int fd) {
    int err = 0;
    if (setupterm(term, fd, &err) != OK) return err;
    del_curterm(cur_term);
    return 1;
}

// A terminfo string capability (e.g. "rmcup"), or NULL when the terminal lacks it; tigetstr
// answers (char *)-1 for a name that is not a string capability, which Swift must never read.
static inline const char *mvx_string_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

/// Whether the terminal has the string capability `name` (e.g. "smcup": an alternate screen).
static inline int mvx_has_capability(const char *name) { return mvx_string_capability(name) != NULL; }

// KEY_MOUSE, so that mvx can tell curses not to decode mouse reports itself (keyok).
static inline int mvx_key_mouse(void) { return KEY_MOUSE; }

#endif
