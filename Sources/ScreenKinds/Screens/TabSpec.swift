import ScreenFormat
import ScreenJSON
import ScreenKit

/// One tab of a screen that holds several (a `tabs` screen): the screen file it shows, with the
/// parameters it is opened with (as a `select` names one), its title, and how often it
/// refreshes. Every tab is a live screen of its own, kept while another is shown.
package struct TabSpec: Sendable {
  /// The tab's title in the tab bar, a template that reads no record (`{params.…}`); the bar adds
  /// its count of records, as in `Open (12)`.
  package var title: Template
  /// The screen it shows, and the parameters it is opened with.
  package var select: SelectSpec
  /// How often it asks its source again, over what its screen file says; nil: as the file says.
  package var refresh: Duration?

  package init(title: Template, select: SelectSpec, refresh: Duration? = nil) {
    self.title = title
    self.select = select
    self.refresh = refresh
  }
}
