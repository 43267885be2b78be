import Testing

/// What `screenrun` must say about each broken screen file in `Catalog/`.
///
/// Every location was counted by hand against the file (lines and columns from 1, a column counts
/// characters). `says` holds the words a person needs to fix the file. A case with a `defect`
/// documents what the tool gets wrong today: the ideal output is asserted under
/// `withKnownIssue`, so the test turns red (asking for the wrapper to go) once the tool is fixed.
struct CatalogCase: Sendable, CustomTestStringConvertible {
  struct Place: Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var description: String { "\(line):\(column)" }
  }

  /// What the tool gets wrong, and what it should print instead.
  struct Defect: Sendable {
    var summary: String
    /// Where it should point, when the location is what is wrong.
    var place: [Place]? = nil
    /// Words the message should carry and does not.
    var says: [String] = []
    /// One of these should appear in the message.
    var saysOneOf: [String] = []
    /// The message quotes file text with raw control characters.
    var rawControlCharacters = false
  }

  var file: String
  /// The acceptable places; usually one.
  var place: [Place]
  var pointer: String?
  var says: [String]
  var defect: Defect? = nil
  /// Other catalog files (a select target) whose own problems must be reported under their path.
  var alsoReports: [String] = []

  var path: String { Screenrun.catalogFolder + "/" + file }
  var testDescription: String { file }

  init(
    _ file: String, at place: [(Int, Int)], pointer: String?, says: [String], defect: Defect? = nil,
    alsoReports: [String] = []
  ) {
    self.file = file
    self.place = place.map { Place(line: $0.0, column: $0.1) }
    self.pointer = pointer
    self.says = says
    self.defect = defect
    self.alsoReports = alsoReports
  }
}

extension CatalogCase {
  static let all: [CatalogCase] = [
    // MARK: JSON syntax
    CatalogCase(
      "syntax-trailing-comma.json", at: [(7, 22)], pointer: nil,
      says: ["invalid JSON", "a comma before '}'", "no comma after the last member"]),
    CatalogCase(
      "syntax-unterminated-string.json", at: [(4, 30), (4, 31), (4, 12)], pointer: nil,
      says: ["invalid JSON", "newline", "\"Marvel Characters,"]),
    CatalogCase(
      "syntax-missing-brace.json", at: [(7, 1), (6, 31)], pointer: nil,
      says: ["invalid JSON", "'}' expected", "end of file"]),
    CatalogCase("syntax-empty.json", at: [(1, 1)], pointer: nil, says: ["the file is empty", "JSON object"]),
    CatalogCase(
      "syntax-not-utf8.json", at: [(4, 23)], pointer: nil,
      says: ["invalid JSON", "byte 0xe9", "not UTF-8", "save it as UTF-8"]),
    CatalogCase(
      "syntax-byte-order-mark.json", at: [(1, 1)], pointer: nil,
      says: ["byte order mark (BOM)", "without one"]),
    CatalogCase(
      "syntax-top-level-array.json", at: [(1, 1)], pointer: "/",
      says: ["a screen is a JSON object", "not an array"]),
    CatalogCase(
      "duplicate-key.json", at: [(6, 3)], pointer: nil,
      says: ["duplicate key 'title'", "once in an object"]),

    // MARK: keys, types and values
    CatalogCase(
      "action-misspelt.json", at: [(8, 52)], pointer: "/actions/0/opn",
      says: ["unknown key 'opn'", "did you mean 'open'?"]),
    CatalogCase(
      "action-wait-on-open.json", at: [(8, 76)], pointer: "/actions/0/wait",
      says: ["'wait' is for a 'run' action", "wait for a key after the program ends", "this one has 'open'"]),
    CatalogCase(
      "action-wait-not-boolean.json", at: [(8, 85)], pointer: "/actions/0/wait",
      says: ["'wait' must be true or false", "not the string 'no'"]),
    CatalogCase(
      "action-wait-misspelt.json", at: [(8, 77)], pointer: "/actions/0/wiat",
      says: ["unknown key 'wiat'", "did you mean 'wait'?"]),
    CatalogCase(
      "action-key-taken.json", at: [(9, 14)], pointer: "/actions/0/key",
      says: ["'ctrl-r' is taken on a list screen", "reload", "free keys near it: 'ctrl-q', 'ctrl-s', 'ctrl-o'"]),
    CatalogCase(
      "unknown-key.json", at: [(6, 3)], pointer: "/pagng",
      says: ["unknown key 'pagng'", "did you mean 'paging'?"]),
    CatalogCase(
      "unknown-nested-key.json", at: [(7, 5)], pointer: "/paging/pageSze",
      says: ["unknown key 'pageSze'", "did you mean 'pageSize'?"]),
    CatalogCase(
      "wrong-type.json", at: [(6, 27)], pointer: "/paging/pageSize",
      says: ["'pageSize' must be a whole number", "not the string '20'"]),
    CatalogCase(
      "fractional-number.json", at: [(6, 27)], pointer: "/paging/pageSize",
      says: ["'pageSize' must be a whole number", "not 20.5"]),
    CatalogCase(
      "out-of-range.json", at: [(8, 19)], pointer: "/search/debounceMs",
      says: ["'debounceMs' is -500", "0 to 60000"]),
    CatalogCase(
      "page-size-over-limit.json", at: [(6, 27)], pointer: "/paging/pageSize",
      says: ["pageSize 500", "'characters'", "100"]),
    CatalogCase(
      "missing-kind.json", at: [(1, 1)], pointer: "/",
      says: ["missing required key 'kind'", "\"list\" or \"detail\""]),
    CatalogCase("missing-title.json", at: [(1, 1)], pointer: "/", says: ["missing required key 'title'"]),
    CatalogCase(
      "missing-row.json", at: [(1, 1)], pointer: "/", says: ["missing required key 'row'", "{\"title\": \"{name}\"}"]),
    CatalogCase("missing-sections.json", at: [(1, 1)], pointer: "/", says: ["missing required key 'sections'"]),
    CatalogCase(
      "bad-kind.json", at: [(3, 11)], pointer: "/kind", says: ["unknown kind 'lsit'", "did you mean 'list'?"]),
    CatalogCase(
      "detail-keys-in-list.json", at: [(7, 3)], pointer: "/sections",
      says: ["'sections' belongs to detail screens", "kind is 'list'"]),
    CatalogCase(
      "unknown-section-type.json", at: [(8, 15)], pointer: "/sections/1/type",
      says: ["unknown section type 'imgae'", "did you mean 'image'?"]),

    // MARK: templates
    CatalogCase(
      "template-unclosed-brace.json", at: [(8, 26)], pointer: "/row/subtitle",
      says: ["'{' is never closed", "'{{'", "Comics: {comics.available"]),
    CatalogCase(
      "unknown-filter.json", at: [(6, 28)], pointer: "/row/title",
      says: ["unknown filter 'uper'", "did you mean 'upper'?"]),
    // 7:46 is the filter's name; 7:54 is just after it, where the ':40' is missing.
    CatalogCase(
      "truncate-without-number.json", at: [(7, 46), (7, 54)], pointer: "/sections/0/value",
      says: ["'truncate' takes a positive whole number", "truncate:40"]),
    CatalogCase(
      "template-error-after-escape.json", at: [(8, 33)], pointer: "/row/subtitle",
      says: ["unknown filter 'truncat'", "did you mean 'truncate'?"]),
    CatalogCase(
      "control-character-in-template.json", at: [(6, 37)], pointer: "/row/title",
      says: ["unknown filter 'uper'", "did you mean 'upper'?", "\\u001b[2J"]),
    CatalogCase(
      "unknown-meta.json", at: [(7, 13)], pointer: "/footer",
      says: ["unknown metadata '{meta.attributon}'", "did you mean 'meta.attribution'?"]),
    CatalogCase(
      "list-title-reads-record.json", at: [(4, 12)], pointer: "/title",
      says: ["title has no record", "\"Characters like {name}\"", "{params."]),

    // MARK: plugins and resources
    CatalogCase(
      "unknown-plugin.json", at: [(6, 15)], pointer: "/source/plugin",
      says: ["unknown plugin 'marvl'", "did you mean 'marvel'?", "plugins: ", "marvel"]),
    CatalogCase(
      "unknown-resource.json", at: [(7, 17)], pointer: "/source/resource",
      says: ["no resource 'comics'", "resources: ", "characters", "character", "character-comics"]),
    CatalogCase(
      "unknown-source-param.json", at: [(8, 17)], pointer: "/source/params/nameStartWith",
      says: ["no parameter 'nameStartWith'", "did you mean 'nameStartsWith'?", "parameters: "]),
    CatalogCase(
      "table-sort-not-allowed.json", at: [(10, 65)], pointer: "/columns/1/sort",
      says: ["'repositories' cannot sort by 'star'", "did you mean 'stars'?", "'sort' takes: "]),
    CatalogCase(
      "missing-source-param.json", at: [(5, 3)], pointer: "/source",
      says: ["'character' needs parameter 'id'", "source.params"]),
    CatalogCase(
      "list-bound-to-record.json", at: [(7, 17)], pointer: "/source/resource",
      says: ["'character' is a record resource", "a list screen needs a list resource", "characters"]),
    CatalogCase(
      "search-param-not-in-resource.json", at: [(7, 14)], pointer: "/search/param",
      says: ["'titleStartsWith' is not a parameter of 'characters'", "nameStartsWith"]),
    CatalogCase(
      "search-param-not-the-search-one.json", at: [(7, 14)], pointer: "/search/param",
      says: ["search param 'name' is not what 'characters' is searched by", "did you mean 'nameStartsWith'?"]),

    // MARK: select
    CatalogCase(
      "select-missing-screen.json", at: [(8, 15)], pointer: "/select/screen",
      says: [
        "'select-misisng-param.json' does not exist", Screenrun.catalogFolder + "/select-misisng-param.json",
        "did you mean 'select-missing-param.json'?",
      ]),
    CatalogCase(
      "select-invalid-target.json", at: [(8, 15)], pointer: "/select/screen",
      says: ["'missing-sections.json' is invalid"],
      alsoReports: ["missing-sections.json"]),
    CatalogCase(
      "select-missing-param.json", at: [(9, 5)], pointer: "/select/params",
      says: ["reads {params.id}", "does not pass 'id'", "select.params"]),
  ]
}
