import ScreenKit

/// Reads an API answer with its shape and numbers checked at the edge. Where the answer is not
/// what the API sends (a list that is not a list, a record that is not an object, a count that no
/// page can have), the result is a `.decoding` error that says what was found and where, as a
/// JSON pointer, instead of blank rows or a trap further in.
///
///     let reader = ResponseReader("the GitHub answer to /repos/octo/cat/commits")
///     try reader.records(JSON.array([1, 2, 3]), at: .root, each: "a commit")
///     // unreadable response: the GitHub answer to /repos/octo/cat/commits is not what the API
///     // sends: the answer's element 0 is an integer, not a commit (an object) (at /0)
///
/// Made from a response, a reader holds its body, and reads at a JSON pointer in one call:
///
///     let answer = try ResponseReader(response)   // or `try await service.fetch("/stops/\(id, parameter: "id")")`
///     let stop = try answer.object(at: .root / "stop", "a stop")
public struct ResponseReader: Sendable {
  /// Which answer this is, as a message names it: "the Marvel answer to /v1/public/characters".
  public let place: String
  /// The answer's body, parsed, when the reader was made from a response (`init(_:)` with an
  /// `HTTPResponse`); `.null` for a reader made with a place alone. The methods that take a
  /// pointer alone (`object(at:_:)`, `page(at:total:pageNumber:size:)`) read it.
  package let body: JSON

  /// A reader of one answer: `init(_ place: String)`. `place` names the answer in every message
  /// ("the Books answer to /search"); make one for each response, beside the `body` that
  /// `HTTPResponse.json()` reads from it, and pass the parts of `body` to its methods.
  public init(_ place: String) {
    self.place = place
    body = .null
  }

  /// A reader of `response`, its body parsed as JSON (`HTTPResponse.json()`: a body that is not
  /// JSON is a `.decoding` error), its place the answer's host and path as sent, percent-encoded
  /// ("the answer from transit.example to /stops/GHCND%3AX").
  public init(_ response: HTTPResponse) throws(DataSourceError) {
    place = response.place
    body = try response.json()
  }

  /// The object at `pointer` in `body`: the record of an answer that wraps it (`{"stop": {…}}`
  /// at `.root / "stop"`; `.root` for an answer that is the record). Missing or anything else is
  /// an error naming the pointer.
  public func object(at pointer: JSONPointer, _ what: String) throws(DataSourceError) -> JSON {
    try object(body[path: pointer.tokens], at: pointer, what)
  }

  /// The array of objects at `pointer` in `body`: a page of records.
  package func records(at pointer: JSONPointer, each what: String) throws(DataSourceError) -> [JSON] {
    try records(body[path: pointer.tokens], at: pointer, each: what)
  }

  /// The integer at `pointer` in `body` within `range` (a total: `0...Int.max`), or nil when the
  /// answer leaves it out or sends null; anything else there is an error naming the field.
  package func integer(at pointer: JSONPointer, in range: ClosedRange<Int>, _ what: String) throws(DataSourceError)
    -> Int?
  {
    try integer(body[path: pointer.tokens], at: pointer, in: range, what)
  }

  /// The object at `pointer`; missing or anything else is an error.
  public func object(_ value: JSON?, at pointer: JSONPointer, _ what: String) throws(DataSourceError) -> JSON {
    guard let value else { throw missing(pointer, "\(what) (an object)") }
    guard case .object = value else { throw wrong(pointer, value.typeDescription, "\(what) (an object)") }
    return value
  }

  /// The array at `pointer` whose every element is an object: a page of records.
  public func records(_ value: JSON?, at pointer: JSONPointer, each what: String) throws(DataSourceError) -> [JSON] {
    guard let value else { throw missing(pointer, "an array of records") }
    guard case .array(let elements) = value else {
      throw wrong(pointer, value.typeDescription, "an array of records")
    }
    if let index = elements.firstIndex(where: { $0.objectValue == nil }) {
      throw wrong(pointer / index, elements[index].typeDescription, "\(what) (an object)")
    }
    return elements
  }

  /// The integer at `pointer` within `range`, or nil when the answer leaves it out or sends null.
  /// Anything else there (text, a fraction, a value out of range) is an error naming the field.
  public func integer(
    _ value: JSON?, at pointer: JSONPointer, in range: ClosedRange<Int>, _ what: String
  ) throws(DataSourceError) -> Int? {
    guard let value, value != .null else { return nil }
    guard let number = CheckedNumber.integer(value, in: range) else {
      throw wrong(pointer, CheckedNumber.found(value), "\(what) from \(range.lowerBound) to \(range.upperBound)")
    }
    return number
  }

  /// A page of an API that pages by number and says its total: the records at `records` in
  /// `body`, the total at `total` (nil when the answer leaves it out), and the cursor of the page
  /// after page `pageNumber` of `size` records (`PageCursor.next(pageNumber:size:total:)`).
  ///
  ///     let page = try PageCursor.pageNumber(request.cursor)
  ///     let answer = try await service.fetch("/stops", query: [("page", "\(page)"), ("size", "\(request.pageSize)")])
  ///     return try answer.page(at: .root / "stops", total: .root / "total", pageNumber: page, size: request.pageSize)
  ///
  /// Without a total, a page as long as `size` has a next one. An empty page is the last,
  /// whatever the total says, so a wrong total cannot page forever.
  public func page(at records: JSONPointer, total: JSONPointer, pageNumber: Int, size: Int) throws(DataSourceError)
    -> Page
  {
    let found = try self.records(at: records, each: "a record")
    let count = try integer(at: total, in: 0...Int.max, "a count")
    let next =
      found.isEmpty
      ? nil
      : count.map { PageCursor.next(pageNumber: pageNumber, size: size, total: $0) }
        ?? PageCursor.next(pageNumber: pageNumber, hasMore: found.count >= size)
    return Page(records: found, total: count, next: next)
  }

  private func missing(_ pointer: JSONPointer, _ expected: String) -> DataSourceError {
    .decoding("\(place) is not what the API sends: \(field(pointer)) is missing; expected \(expected) (at \(pointer))")
  }

  private func wrong(_ pointer: JSONPointer, _ found: String, _ expected: String) -> DataSourceError {
    .decoding("\(place) is not what the API sends: \(field(pointer)) is \(found), not \(expected) (at \(pointer))")
  }

  /// The field as a screen's templates name it: "the answer's data.results.3"; "the answer's
  /// element 2" in an answer that is an array; "the answer" itself.
  private func field(_ pointer: JSONPointer) -> String {
    guard let first = pointer.tokens.first else { return "the answer" }
    let element = !first.isEmpty && first.allSatisfy(\.isNumber) ? "element " : ""
    return "the answer's \(element)\(pointer.tokens.joined(separator: "."))"
  }
}
