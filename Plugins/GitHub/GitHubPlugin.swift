import ScreenKit

/// GitHub repository search and a repository's recent commits, as a screenrun data source.
public enum GitHubPlugin {
  public static let name = "github"
}
