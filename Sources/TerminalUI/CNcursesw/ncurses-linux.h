// Linux: Debian and Fedora keep the wide-character ncurses headers under ncursesw/; others (Arch)
// install them as the plain ones. Package.swift links ncursesw and tinfo on Linux only.
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
// term.h defines macros named after every terminfo capability (lines, columns, bell, …):
// shim.h avoids those names.
#include <ncursesw/term.h>
#else
#include <curses.h>
#include <term.h>
#endif
