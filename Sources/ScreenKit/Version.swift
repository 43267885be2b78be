/// screenrun's version, as `--version` prints it and HTTP clients send it.
public enum ScreenRun {
  /// This screenrun's version, `MAJOR.MINOR.PATCH` as the newest release of CHANGELOG.md names
  /// it: what `screenrun --version` prints and `User-Agent: screenrun/VERSION` sends. A plugin
  /// package can state which screenrun it was written for with it: a test that expects the
  /// version to start with the minor version it was written against fails, while the major
  /// version is 0, on a screenrun whose changes may break it (CHANGELOG.md says how to migrate).
  public static let version = "0.8.0"
}
