/// screenrun's version, as `--version` prints it and HTTP clients send it.
public enum ScreenRun {
  package static let version = "0.7.0"
}
