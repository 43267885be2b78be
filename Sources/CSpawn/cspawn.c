#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

/// Closes every descriptor from `from` up, but `keep`.
static void close_from(int from, int keep) {
#if defined(__linux__) && defined(SYS_close_range)
  if (keep >= from) {
    if (keep > from && syscall(SYS_close_range, from, keep - 1, 0) != 0) goto slow;
    if (syscall(SYS_close_range, keep + 1, ~0U, 0) != 0) goto slow;
  } else if (syscall(SYS_close_range, from, ~0U, 0) != 0) {
    goto slow;
  }
  return;
slow:
#endif
  {
    // sysconf is not async-signal-safe: a bound that covers what screenrun opens.
    int last = 4096;
    for (int descriptor = from; descriptor < last; descriptor++) {
      if (descriptor != keep) close(descriptor);
    }
  }
}

/// The child: only async-signal-safe calls from here to the exec. A failure is written to
/// `report` (close-on-exec: an exec that works closes it with nothing written).
static void child(const char *path, char *const argv[], char *const envp[], int in, int out, int err,
                  int report, pid_t parent) {
  int failure = 0;
#if defined(__linux__)
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) failure = errno;
  // The parent may have ended before the request took hold: then nothing would send it.
  if (failure == 0 && getppid() != parent) _exit(127);
#else
  (void)parent;
#endif
  if (failure == 0 && setpgid(0, 0) != 0) failure = errno;
  // Above 2 first, so that dup2 never overwrites a descriptor still to be copied.
  int moved[3] = {in, out, err};
  for (int index = 0; failure == 0 && index < 3; index++) {
    if (moved[index] <= 2) {
      int copy = fcntl(moved[index], F_DUPFD_CLOEXEC, 3);
      if (copy < 0) failure = errno; else moved[index] = copy;
    }
  }
  for (int index = 0; failure == 0 && index < 3; index++) {
    if (dup2(moved[index], index) < 0) failure = errno;
  }
  if (failure == 0) {
    int defaults[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD};
    struct sigaction standard;
    standard.sa_handler = SIG_DFL;
    standard.sa_flags = 0;
    sigemptyset(&standard.sa_mask);
    for (unsigned index = 0; index < sizeof defaults / sizeof defaults[0]; index++) {
      sigaction(defaults[index], &standard, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    close_from(3, report);
    execve(path, argv, envp);
    failure = errno;
  }
  while (write(report, &failure, sizeof failure) < 0 && errno == EINTR) {}
  _exit(127);
}

int cspawn_pipe(int ends[2]) {
#if defined(__linux__)
  return pipe2(ends, O_CLOEXEC) == 0 ? 0 : errno;
#else
  if (pipe(ends) != 0) return errno;
  fcntl(ends[0], F_SETFD, FD_CLOEXEC);
  fcntl(ends[1], F_SETFD, FD_CLOEXEC);
  return 0;
#endif
}

int cspawn_ended(pid_t pid, int *exited, int *code) {
  siginfo_t info;
  info.si_pid = 0;
  if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid != pid) return 0;
  *exited = info.si_code == CLD_EXITED;
  *code = info.si_status;
  return 1;
}

int cspawn_start(const char *path, char *const argv[], char *const envp[], int in, int out, int err, pid_t *pid) {
  int report[2];
  int made = cspawn_pipe(report);
  if (made != 0) return made;
  pid_t parent = getpid();
  pid_t started = fork();
  if (started < 0) {
    int failure = errno;
    close(report[0]);
    close(report[1]);
    return failure;
  }
  if (started == 0) child(path, argv, envp, in, out, err, report[1], parent);
  close(report[1]);
  int failure = 0;
  ssize_t count;
  while ((count = read(report[0], &failure, sizeof failure)) < 0 && errno == EINTR) {}
  close(report[0]);
  if (count == (ssize_t)sizeof failure) {
    int status;
    while (waitpid(started, &status, 0) < 0 && errno == EINTR) {}
    return failure ? failure : ECHILD;
  }
  *pid = started;
  return 0;
}

int cspawn_become_subreaper(void) { return cspawn_set_subreaper(1); }

int cspawn_set_subreaper(int on) {
#if defined(__linux__)
  return prctl(PR_SET_CHILD_SUBREAPER, on ? 1 : 0, 0, 0, 0) == 0 ? 0 : errno;
#else
  (void)on;
  return ENOSYS;
#endif
}

void cspawn_name_thread(const char *name) {
#if defined(__linux__)
  prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
#else
  (void)name;
#endif
}
