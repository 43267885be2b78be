/// A list screen's logic: the paged, searched list (`PagedList`) that other kinds compose too.
public typealias ListViewModel = PagedList
