import ScreenJSON

/// A data source: the only place that knows an API. It answers pages of list resources and
/// single records of record resources, as JSON values a screen can bind any field of.
public protocol DataSource: Sendable {
  /// A page of a list resource.
  func page(_ request: PageRequest) async throws(DataSourceError) -> Page
  /// One record of a record resource.
  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record
}

/// The request for one page of a list resource.
public struct PageRequest: Sendable, Hashable {
  /// The list resource's name, as the screen's `source.resource` gives it.
  public var resource: String
  /// Parameter values by name; the search text arrives here under the screen's search param.
  public var parameters: [String: String]
  /// Where the page starts: nil for the first page, else the `next` cursor of the page before.
  public var cursor: PageCursor?
  /// How many records the page should hold at most: the screen's `paging.pageSize`, already
  /// checked to be within 1 and the resource's `maxPageSize`.
  public var pageSize: Int
  /// The members of each record that the screen reads, as far down as it reads them; nil for
  /// all. A source may return only these (the bundled samples do, with
  /// `JSON.parse(_:onlyMembers:options:)`, so a page parses no more than it shows) or more.
  public var members: RecordMembers?

  /// A page request, as the runtime makes it (and a test does).
  public init(
    resource: String, parameters: [String: String] = [:], cursor: PageCursor? = nil, pageSize: Int,
    members: RecordMembers? = nil
  ) {
    self.resource = resource
    self.parameters = parameters
    self.cursor = cursor
    self.pageSize = pageSize
    self.members = members
  }

  /// The value of the parameter `name`, or `""` when the request has none: `request["q"]`. The
  /// core has checked the request against the resource's declaration before a handler sees it, so
  /// a `required` parameter is there and a handler reads it with no check of its own.
  public subscript(name: String) -> String {
    parameters[name] ?? ""
  }
}

/// Where the next page starts, in the data source's own terms: an offset, a page number, or a
/// URL from a `Link` header. The runtime only hands it back.
public struct PageCursor: Sendable, Hashable, CustomStringConvertible {
  /// The cursor's text, as the data source wrote it.
  public var value: String
  /// A cursor of the data source's own text; see `offset(_:)` and `next(offset:count:total:)`
  /// for offsets, `pageNumber(_:)` for page numbers.
  public init(_ value: String) { self.value = value }
  public var description: String { value }
}

/// One page of records and what the data source knows about the whole list.
public struct Page: Sendable, Equatable {
  /// The page's records, in the order the screen shows them.
  public var records: [JSON]
  /// How many records match in all, when the data source says.
  public var total: Int?
  /// How many of those can be paged through, when the data source caps it below `total`.
  public var reachable: Int?
  /// The cursor of the next page; nil when there are no more pages.
  public var next: PageCursor?
  /// The data source's attribution text, to show with its data.
  public var attribution: String?
  /// What the records were before a source cut them to the members read (`PageDigest`); nil when
  /// they are as the source got them, and so their own digest.
  package var digest: PageDigest?

  /// A page: `init(records: [JSON], total: Int? = nil, reachable: Int? = nil, next: PageCursor? =
  /// nil, attribution: String? = nil)`.
  ///
  /// - Parameters:
  ///   - records: the page's records.
  ///   - total: how many records match in all, when the API says (the footer's "of 1,446").
  ///   - reachable: how many of those can be paged to, when the API caps it below `total`.
  ///   - next: the cursor of the next page; nil on the last page.
  ///   - attribution: the text the screen shows with the data (`{meta.attribution}`).
  ///
  /// `Page.slice(_:cursor:pageSize:total:reachable:attribution:)` makes one from an array by
  /// offset.
  public init(
    records: [JSON], total: Int? = nil, reachable: Int? = nil, next: PageCursor? = nil,
    attribution: String? = nil
  ) {
    self.records = records
    self.total = total
    self.reachable = reachable
    self.next = next
    self.attribution = attribution
  }

  /// Whether a next page exists: `next` is not nil.
  package var hasMore: Bool { next != nil }

  /// What tells this page's records from another page's: `digest`, or the records themselves.
  package var recordsDigest: PageDigest { digest ?? PageDigest(records: records) }
}

/// The request for one record.
public struct RecordRequest: Sendable, Hashable {
  /// The record resource's name, as the screen's `source.resource` gives it.
  public var resource: String
  /// Parameter values by name (`id`, …), checked against the resource's declared parameters.
  public var parameters: [String: String]

  /// A record request, as the runtime makes it (and a test does).
  public init(resource: String, parameters: [String: String]) {
    self.resource = resource
    self.parameters = parameters
  }

  /// The value of the parameter `name`, or `""` when the request has none: `request["id"]`. The
  /// core has checked the request against the resource's declaration, so a `required` parameter is
  /// there.
  public subscript(name: String) -> String {
    parameters[name] ?? ""
  }
}

/// One record and its attribution.
public struct Record: Sendable, Equatable {
  /// The record: any JSON value (an object, as screens bind its members).
  public var value: JSON
  /// The text the screen shows with the data (`{meta.attribution}`).
  public var attribution: String?

  /// A record: `init(_ value: JSON, attribution: String? = nil)`.
  ///
  ///     Record(["id": 7, "title": "Dune"], attribution: "Sample books")
  public init(_ value: JSON, attribution: String? = nil) {
    self.value = value
    self.attribution = attribution
  }
}
