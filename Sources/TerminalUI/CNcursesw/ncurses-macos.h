// macOS, untested (CI builds on Linux only): the SDK's ncurses, whose one library holds the
// wide-character calls; Package.swift links ncurses on macOS. Apple's copy is older than
// Debian's, so a call it lacks (use_tioctl is newer) is where Homebrew's ncurses would come in.
#include <curses.h>
// term.h defines macros named after every terminfo capability (lines, columns, bell, …):
// shim.h avoids those names.
#include <term.h>
