import ScreenJSON
import ScreenKit

/// A list screen's logic: the paged, searched list (`PagedList`) that other kinds compose too.
package typealias ListViewModel = PagedList
