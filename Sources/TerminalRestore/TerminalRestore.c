// The state and the handlers that restore the terminal; see include/TerminalRestore.h.
// Everything here that a signal handler reaches (mvx_emergency_restore and what it calls) uses
// only async-signal-safe calls: tcsetattr, write, dup2, lseek, read, close, sigaction, raise.
#include "TerminalRestore.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define CRASH_SIGNAL_COUNT 6
static const int crash_signals[CRASH_SIGNAL_COUNT] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };

// One process, one terminal: a single copy of the state, prepared at open time.
static struct {
    struct termios saved_termios;
    int saved_termios_valid;
    char undo_bytes[1024];
    size_t undo_length;
    int real_stderr;        // a dup of the stderr we found, or -1
    int capture_fd;         // the unlinked temp file fd 2 points at meanwhile, or -1
    volatile sig_atomic_t curses_active;
    int crash_handlers_installed;
    int atexit_registered;
    struct sigaction previous_crash_actions[CRASH_SIGNAL_COUNT];
    char alternate_stack[64 * 1024];  // so a stack overflow (SIGSEGV) can still be handled
} state = { .real_stderr = -1, .capture_fd = -1 };

static void write_all(int fd, const char *bytes, size_t count) {
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

int mvx_save_termios(int fd) {
    if (tcgetattr(fd, &state.saved_termios) != 0) return -1;
    state.saved_termios_valid = 1;
    return 0;
}

void mvx_restore_termios(int fd) {
    if (state.saved_termios_valid) tcsetattr(fd, TCSANOW, &state.saved_termios);
}

void mvx_clear_undo_bytes(void) { state.undo_length = 0; }

void mvx_add_undo_bytes(const char *bytes) {
    if (bytes == NULL) return;
    size_t length = strlen(bytes);
    if (state.undo_length + length >= sizeof(state.undo_bytes)) return;
    memcpy(state.undo_bytes + state.undo_length, bytes, length);
    state.undo_length += length;
}

void mvx_write_undo_bytes(int fd) { write_all(fd, state.undo_bytes, state.undo_length); }

void mvx_set_curses_active(int active) { state.curses_active = active; }

int mvx_capture_stderr(void) {
    char path[] = "/tmp/mvx-stderr-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return -1;
    unlink(path);
    int real = dup(2);
    if (real < 0) { close(fd); return -1; }
    fcntl(real, F_SETFD, FD_CLOEXEC);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (dup2(fd, 2) < 0) { close(fd); close(real); return -1; }
    state.real_stderr = real;
    state.capture_fd = fd;
    return 0;
}

void mvx_release_stderr(void) {
    if (state.real_stderr < 0) return;
    dup2(state.real_stderr, 2);
    if (state.capture_fd >= 0 && lseek(state.capture_fd, 0, SEEK_SET) == 0) {
        char buffer[4096];
        for (;;) {
            ssize_t n = read(state.capture_fd, buffer, sizeof(buffer));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            write_all(2, buffer, (size_t)n);
        }
    }
    if (state.capture_fd >= 0) close(state.capture_fd);
    close(state.real_stderr);
    state.capture_fd = -1;
    state.real_stderr = -1;
}

// The terminal back as found, without curses (which is not async-signal-safe): tty modes,
// undo bytes, then whatever went to stderr — so a "Fatal error" lands on the normal screen.
static void emergency_restore(void) {
    if (!state.curses_active) return;
    state.curses_active = 0;
    mvx_restore_termios(0);
    mvx_write_undo_bytes(1);
    mvx_release_stderr();
}

static void crash_handler(int signo) {
    emergency_restore();
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

void mvx_install_crash_handlers(void) {
    if (state.crash_handlers_installed) return;
    // The handlers run on their own stack (for the thread that opened the terminal, the main one).
    stack_t alternate;
    memset(&alternate, 0, sizeof(alternate));
    alternate.ss_sp = state.alternate_stack;
    alternate.ss_size = sizeof(state.alternate_stack);
    sigaltstack(&alternate, NULL);
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_handler = crash_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_ONSTACK;
        sigaction(crash_signals[i], &action, &state.previous_crash_actions[i]);
    }
    state.crash_handlers_installed = 1;
}

void mvx_remove_crash_handlers(void) {
    if (!state.crash_handlers_installed) return;
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        sigaction(crash_signals[i], &state.previous_crash_actions[i], NULL);
    }
    state.crash_handlers_installed = 0;
}

static void atexit_restore(void) { emergency_restore(); }

void mvx_register_atexit(void) {
    if (!state.atexit_registered) {
        atexit(atexit_restore);
        state.atexit_registered = 1;
    }
}

void mvx_ignore_signal(int signo) { signal(signo, SIG_IGN); }
void mvx_default_signal(int signo) { signal(signo, SIG_DFL); }

void mvx_unblock_signal(int signo) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}
