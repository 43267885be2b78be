/// How a run of screenrun ends (its exit status); also what a failed start throws.
package enum ExitCode: Int32, Error {
  case ok = 0
  case failure = 1
  case usage = 2
  /// SIGINT in the interactive mode.
  case interrupted = 130
  /// SIGTERM or SIGHUP in the interactive mode.
  case terminated = 143
}
