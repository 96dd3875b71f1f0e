// The state and the handlers that restore the terminal; see include/TerminalRestore.h.
// Everything here that a signal handler reaches (mvx_emergency_restore and what it calls) uses
// only async-signal-safe calls: tcsetattr, write, dup2, lseek, read, close, sigaction,
// sigprocmask, raise, _exit, and lock-free atomics. The termination watchdog is a thread of its
// own, so it also acts while the main thread is busy.
#define _GNU_SOURCE  // memfd_create
#include "TerminalRestore.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#include <poll.h>
#include <time.h>

// SIGQUIT is here too: Swift's crash reporter would otherwise draw a backtrace over the app and
// wait for a key; the terminal is restored first, then the reporter runs and the process dies of SIGQUIT.
#define CRASH_SIGNAL_COUNT 7
static const int crash_signals[CRASH_SIGNAL_COUNT] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGQUIT };

#define MAX_TERMINATION_SIGNALS 16

// One process, one terminal: a single copy of the state, prepared at open time.
static struct {
    struct termios saved_termios;
    int saved_termios_valid;
    char undo_bytes[1024];
    size_t undo_length;
    int real_stderr;        // a dup of the stderr we found, or -1
    int capture_fd;         // the unlinked temp file fd 2 points at meanwhile, or -1
    // Read and cleared in one step (atomic_exchange): when a crash, the watchdog and exit() race
    // on different threads, exactly one of them restores. Lock-free, so a signal handler may use it.
    atomic_int curses_active;
    int crash_handlers_installed;
    int atexit_registered;
    struct sigaction previous_crash_actions[CRASH_SIGNAL_COUNT];
    // Termination: the handler writes the signal number to signal_pipe; the watchdog thread reads
    // it, passes it on to notify_pipe (which the app reads on its main thread) and, if the app has
    // not given the terminal back within grace_ms, restores it and exits.
    int signal_pipe[2];
    int notify_pipe[2];
    int grace_ms;
    int termination_signals[MAX_TERMINATION_SIGNALS];
    int termination_count;
    struct sigaction previous_termination_actions[MAX_TERMINATION_SIGNALS];
    int watchdog_started;
} state = { .real_stderr = -1, .capture_fd = -1, .signal_pipe = { -1, -1 }, .notify_pipe = { -1, -1 } };

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the curses-active flag must be lock-free to be read in a signal handler");

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

size_t mvx_strip_padding(const char *bytes, char *out, size_t capacity) {
    size_t length = 0;
    if (bytes == NULL || capacity == 0) return 0;
    for (const char *p = bytes; *p != '\0';) {
        // terminfo padding, $<5>, $<50/>, $<2.5*>: a delay for tputs, never bytes for the terminal.
        if (p[0] == '$' && p[1] == '<') {
            const char *q = p + 2;
            while ((*q >= '0' && *q <= '9') || *q == '.' || *q == '*' || *q == '/') q++;
            if (*q == '>' && q > p + 2) { p = q + 1; continue; }
        }
        if (length + 1 >= capacity) break;
        out[length++] = *p++;
    }
    out[length] = '\0';
    return length;
}

void mvx_add_undo_bytes(const char *bytes) {
    if (bytes == NULL) return;
    char stripped[sizeof(state.undo_bytes)];
    size_t length = mvx_strip_padding(bytes, stripped, sizeof(stripped));
    if (state.undo_length + length >= sizeof(state.undo_bytes)) return;
    memcpy(state.undo_bytes + state.undo_length, stripped, length);
    state.undo_length += length;
}

void mvx_write_undo_bytes(int fd) { write_all(fd, state.undo_bytes, state.undo_length); }

void mvx_set_curses_active(int active) { atomic_store(&state.curses_active, active != 0); }

// Where stderr goes while curses runs: a file in memory (Linux), else a temporary file unlinked
// at once. Making, naming and unlinking a file in /tmp took 0.1 ms of every start.
static int capture_file(void) {
#if defined(__linux__) && defined(MFD_CLOEXEC)
    int memory = memfd_create("mvx-stderr", MFD_CLOEXEC);
    if (memory >= 0) return memory;
#endif
    char path[] = "/tmp/mvx-stderr-XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0) unlink(path);
    return fd;
}

int mvx_capture_stderr(void) {
    int fd = capture_file();
    if (fd < 0) return -1;
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
// Returns whether it restored: only the first caller after curses started does.
static int restore_if_active(void) {
    if (!atomic_exchange(&state.curses_active, 0)) return 0;
    mvx_restore_termios(0);
    mvx_write_undo_bytes(1);
    mvx_release_stderr();
    return 1;
}

void mvx_emergency_restore(void) { (void)restore_if_active(); }

static void set_default_action(int signo) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof(fallback));
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
}

// Restores the terminal, then runs the handler that was there before (Swift's crash reporter,
// which prints its report on the restored screen), then dies of the same signal.
static void crash_handler(int signo, siginfo_t *info, void *context) {
    restore_if_active();
    struct sigaction previous;
    memset(&previous, 0, sizeof(previous));
    previous.sa_handler = SIG_DFL;
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (crash_signals[i] == signo) previous = state.previous_crash_actions[i];
    }
    // A second fault, in the previous handler or after it, then kills at once instead of looping.
    set_default_action(signo);
    // SIG_DFL and SIG_IGN both end here: the terminal is already given back, the app cannot go on.
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        sigprocmask(SIG_BLOCK, &previous.sa_mask, NULL);  // the mask the kernel would have set for it
        if (previous.sa_flags & SA_SIGINFO) previous.sa_sigaction(signo, info, context);
        else previous.sa_handler(signo);
    }
    // Swift's reporter returns to let the fault happen again; a sent signal would not: raise it,
    // with the default action, so the process dies of it and the exit status tells the truth.
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signo);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(signo);
}

// One handler for `signo` with an empty mask and `flags`; the disposition it replaces goes to `previous`.
static void install_handler(int signo, void (*handler)(int), int flags, struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = flags;
    sigaction(signo, &action, previous);
}

// MARK: alternate signal stacks

// Room for the restore and the chained Swift reporter (which asks for SIGSTKSZ + 16 KiB itself),
// below a guard page, so a handler that overflows it faults instead of writing over other memory.
#define ALTERNATE_STACK_SIZE (64 * 1024)

static pthread_key_t alternate_stack_key;
static pthread_once_t alternate_stack_once = PTHREAD_ONCE_INIT;

// At thread exit: stop using the stack, then give it back (libdispatch's workers come and go).
static void free_alternate_stack(void *mapping) {
    stack_t off;
    memset(&off, 0, sizeof(off));
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, NULL);
    munmap(mapping, (size_t)sysconf(_SC_PAGESIZE) + ALTERNATE_STACK_SIZE);
}

static void make_alternate_stack_key(void) { pthread_key_create(&alternate_stack_key, free_alternate_stack); }

void mvx_install_alternate_stack(void) {
    pthread_once(&alternate_stack_once, make_alternate_stack_key);
    if (pthread_getspecific(alternate_stack_key) != NULL) return;
    size_t guard = (size_t)sysconf(_SC_PAGESIZE);
    char *mapping = mmap(NULL, guard + ALTERNATE_STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) return;
    mprotect(mapping, guard, PROT_NONE);  // stacks grow down: the guard sits below
    stack_t alternate;
    memset(&alternate, 0, sizeof(alternate));
    alternate.ss_sp = mapping + guard;
    alternate.ss_size = ALTERNATE_STACK_SIZE;
    if (pthread_setspecific(alternate_stack_key, mapping) != 0) {
        munmap(mapping, guard + ALTERNATE_STACK_SIZE);
        return;
    }
    // Replaces the Swift runtime's smaller one on the main thread (which stays mapped, once).
    if (sigaltstack(&alternate, NULL) != 0) {
        pthread_setspecific(alternate_stack_key, NULL);
        munmap(mapping, guard + ALTERNATE_STACK_SIZE);
    }
}

void mvx_install_crash_handlers(void) {
    if (state.crash_handlers_installed) return;
    mvx_install_alternate_stack();
    for (int i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof(action));
        action.sa_sigaction = crash_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
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

static void atexit_restore(void) { restore_if_active(); }

void mvx_register_atexit(void) {
    if (!state.atexit_registered) {
        atexit(atexit_restore);
        state.atexit_registered = 1;
    }
}

// MARK: standard descriptors

// Runs before main, before the Swift runtime or libdispatch open anything: a closed fd 0, 1 or 2
// (`mvx 2>&-`) would otherwise be handed to the next open() — libdispatch's epoll descriptor, which
// the stderr capture's dup2 then replaced, leaving the event loop spinning on a dead descriptor.
__attribute__((constructor)) static void open_closed_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int null_fd = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null_fd >= 0 && null_fd != fd) { dup2(null_fd, fd); close(null_fd); }
    }
}

// MARK: termination signals

static void termination_handler(int signo) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signo;
    if (state.signal_pipe[1] >= 0) (void)!write(state.signal_pipe[1], &byte, 1);
    errno = saved_errno;
}

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void *watchdog(void *unused) {
    (void)unused;
    for (;;) {
        unsigned char byte = 0;
        ssize_t n = read(state.signal_pipe[0], &byte, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return NULL;
        // The app's main thread hears of it through notify_pipe and leaves the usual way...
        (void)!write(state.notify_pipe[1], &byte, 1);
        // ...unless it is busy (a long frame, a blocked main actor): then the terminal is put back
        // from here and the process ends with the status the app would have returned.
        long long deadline = now_ms() + state.grace_ms;
        while (atomic_load(&state.curses_active) && now_ms() < deadline) poll(NULL, 0, 10);
        // The app may close the session at the last moment: then it exits on its own.
        if (restore_if_active()) _exit(128 + byte);
    }
}

static int make_pipe(int fds[2]) {
    if (fds[0] >= 0) return 0;
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    // The handler must never block on a full pipe.
    fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK);
    return 0;
}

int mvx_install_termination_handlers(const int *signals, int count, int grace_ms) {
    if (make_pipe(state.signal_pipe) != 0 || make_pipe(state.notify_pipe) != 0) return -1;
    // The app reads notify_pipe from a dispatch source: never block it.
    fcntl(state.notify_pipe[0], F_SETFL, fcntl(state.notify_pipe[0], F_GETFL) | O_NONBLOCK);
    state.grace_ms = grace_ms;
    if (!state.watchdog_started) {
        pthread_t thread;
        pthread_attr_t attributes;
        pthread_attr_init(&attributes);
        pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
        // The watchdog takes no signals itself: handlers run on the other threads. Except SIGPROF,
        // with which Swift's crash reporter pauses each thread to take its backtrace.
        sigset_t all, previous;
        sigfillset(&all);
        sigdelset(&all, SIGPROF);
        pthread_sigmask(SIG_SETMASK, &all, &previous);
        int created = pthread_create(&thread, &attributes, watchdog, NULL);
        pthread_sigmask(SIG_SETMASK, &previous, NULL);
        pthread_attr_destroy(&attributes);
        if (created != 0) return -1;
        state.watchdog_started = 1;
    }
    mvx_remove_termination_handlers();
    if (count > MAX_TERMINATION_SIGNALS) count = MAX_TERMINATION_SIGNALS;
    for (int i = 0; i < count; i++) {
        install_handler(signals[i], termination_handler, SA_RESTART, &state.previous_termination_actions[i]);
        state.termination_signals[i] = signals[i];
    }
    state.termination_count = count;
    return 0;
}

void mvx_remove_termination_handlers(void) {
    for (int i = 0; i < state.termination_count; i++) {
        sigaction(state.termination_signals[i], &state.previous_termination_actions[i], NULL);
    }
    state.termination_count = 0;
}

int mvx_termination_notify_fd(void) { return state.notify_pipe[0]; }

int mvx_read_termination_signal(void) {
    unsigned char byte = 0;
    for (;;) {
        ssize_t n = read(state.notify_pipe[0], &byte, 1);
        if (n < 0 && errno == EINTR) continue;
        return n == 1 ? byte : 0;
    }
}

// MARK: job control

void mvx_stop_process_group(void) {
    // SIGTSTP is ignored while curses is up (so ncurses installs no handler of its own); stop the
    // way the shell expects, with the default action, as vim and htop do.
    // libdispatch blocks most signals on its threads, the main one included: unblock SIGTSTP here,
    // or it would stay pending and be discarded when it is ignored again.
    signal(SIGTSTP, SIG_DFL);
    sigset_t only, previous;
    sigemptyset(&only);
    sigaddset(&only, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &only, &previous);
    // Thread-directed, so it is delivered here before raise returns (a process-wide kill could
    // still be pending on another thread when SIGTSTP is ignored again, and be discarded).
    raise(SIGTSTP);
    // Execution continues here after SIGCONT (`fg`).
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    signal(SIGTSTP, SIG_IGN);
}

// MARK: dispositions

void mvx_ignore_signal(int signo) { signal(signo, SIG_IGN); }
void mvx_default_signal(int signo) { signal(signo, SIG_DFL); }

void mvx_unblock_signal(int signo) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}
