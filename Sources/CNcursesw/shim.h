// The C surface of ncursesw that the Terminal target uses, and nothing else imports.
// SwiftPM drops the -D flags pkg-config gives, so wide-character support is switched on here;
// without it get_wch, cchar_t and mvaddwstr are not declared.
#ifndef MVX_CNCURSESW_SHIM_H
#define MVX_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Macros and C globals are not visible to Swift 6 (or not safely): small accessors instead.
static inline WINDOW *mvx_stdscr(void) { return stdscr; }
static inline int mvx_lines(void) { return LINES; }
static inline int mvx_cols(void) { return COLS; }
static inline int mvx_colors(void) { return COLORS; }
static inline int mvx_key_f(int n) { return KEY_F(n); }
static inline int mvx_color_pair(int n) { return (int)COLOR_PAIR(n); }

static inline attr_t mvx_a_normal(void) { return A_NORMAL; }
static inline attr_t mvx_a_bold(void) { return A_BOLD; }
static inline attr_t mvx_a_dim(void) { return A_DIM; }
static inline attr_t mvx_a_reverse(void) { return A_REVERSE; }
static inline attr_t mvx_a_underline(void) { return A_UNDERLINE; }

#endif
