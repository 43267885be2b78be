// Starting a plugin's program, for screenrun's external plugins: fork and exec with what
// posix_spawn cannot set. On Linux the child asks for SIGKILL when the thread that started it
// ends (PR_SET_PDEATHSIG), so a plugin never outlives a screenrun that was killed outright; and
// screenrun can make itself the reaper of what its plugins leave behind (PR_SET_CHILD_SUBREAPER).
#ifndef SCREENRUN_CSPAWN_H
#define SCREENRUN_CSPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (both ending in NULL) in a process group of its own,
/// its stdin, stdout and stderr the descriptors given, no other descriptor open, the signals
/// SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGCHLD at their defaults and none blocked. On
/// Linux it is sent SIGKILL when the calling thread ends. Returns 0 and sets `*pid`, or the errno
/// of what failed (the exec's included: the child reports it before it exits).
int cspawn_start(const char *path, char *const argv[], char *const envp[], int in, int out, int err, pid_t *pid);

/// Makes a pipe whose two ends are close-on-exec from the start (so a program another thread
/// starts meanwhile holds neither); 0, or an errno.
int cspawn_pipe(int ends[2]);

/// Whether process `pid`, a child, has ended, without reaping it (its process group id stays its
/// own until it is reaped): 1 with `*exited` (1 for an exit, 0 for a signal) and `*code` (the
/// status or the signal's number), or 0 while it runs.
int cspawn_ended(pid_t pid, int *exited, int *code);

/// Makes this process the reaper of its descendants that are orphaned (Linux); 0, or an errno
/// (ENOSYS elsewhere).
int cspawn_become_subreaper(void);

/// Turns that on (1) or off (0); 0, or an errno (ENOSYS elsewhere).
int cspawn_set_subreaper(int on);

/// Names the calling thread (Linux keeps 15 bytes of it), as `ps -L` and a debugger show it;
/// nothing elsewhere.
void cspawn_name_thread(const char *name);

#endif
