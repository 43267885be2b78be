import ScreenJSON
import ScreenKit

/// A JSON REST API declared in a `plugin.json`, with no code: the `http` object where a program's
/// `command` would be, and each resource's `request`. PLUGINS.md's chapter "Declaring a REST
/// API" describes every field; `DeclaredHTTP` runs it over PluginHTTP, the HTTP layer the
/// compiled-in live sources use.
package struct HTTPDeclaration: Sendable, Hashable {
  /// The base URL: the environment variable that sets it, and its default.
  package var baseURLVariable: String
  package var defaultBaseURL: String
  /// Header fields sent with every request, in order (`User-Agent` defaults to `screenrun/VERSION`).
  package var headers: [Field]
  package var auth: Auth?
  /// How error answers are worded.
  package var errors: Errors
  /// The names of the rate-limit header fields.
  package var rateLimit: RateLimitNames
  /// Fixed attribution text, or where each answer holds it.
  package var attribution: String?
  package var attributionPointer: JSONPointer?
  /// Each resource's request, by resource name.
  package var requests: [String: ResourceRequest]
  /// The records served without `--live`.
  package var sample: Sample?

  /// A name and a value: a query parameter or a header field.
  package struct Field: Sendable, Hashable {
    package var name: String
    package var value: RequestTemplate
  }

  package struct Errors: Sendable, Hashable {
    /// The API as messages name it; the plugin's name when not declared.
    package var api: String?
    /// Where a JSON error body holds the API's message, the first found first.
    package var messagePointers: [JSONPointer]
    package var credentialAdvice: String?
    package var notFoundAdvice: String?
    package var rateLimitAdvice: String?
  }

  package struct RateLimitNames: Sendable, Hashable {
    package var remaining = "X-RateLimit-Remaining"
    package var limit = "X-RateLimit-Limit"
    package var reset = "X-RateLimit-Reset"

    package init() {}
  }

  /// How credentials go with each request; their values come only from environment variables,
  /// and go only to the base URL's origin.
  package struct Auth: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
      case bearer, header, query, basic, computed
    }
    package var kind: Kind
    /// Whether live data needs the credential (false: requests go without it when it is unset).
    package var required: Bool
    /// `bearer`: the token's variable; `header`, `query`: the value's; `basic`: the user's and
    /// the password's; `computed`: every variable it reads.
    package var variables: [String]
    /// The variables whose values are secret (and so is any value computed from one).
    package var secrets: [String]
    /// `header`: the header field's name; `query`: the parameter's.
    package var name: String?
    /// `computed`: query parameters and header fields, in order; a name may be used by later ones.
    package var query: [Field]
    package var headers: [Field]
  }

  /// The sample: JSON files of records in the plugin's folder, one for every resource or one a
  /// resource.
  package struct Sample: Sendable, Hashable {
    /// Each resource's records, by resource name: the top level's, or the resource's own entry
    /// with what it leaves out taken from the top level.
    package var resources: [String: Entry]

    /// Where one resource's sample records are, and how they are searched and found.
    package struct Entry: Sendable, Hashable {
      /// The file's path.
      package var file: String
      /// Where the array of records is in it (the root by default).
      package var records: JSONPointer
      /// The members a search looks in, case-insensitively (dotted paths).
      package var searched: [String]
      /// How a search matches them.
      package var match: Match
      /// The member a record resource's parameter is matched against.
      package var id: String
      /// A record resource's: the member of each record that holds more records, where its record
      /// is looked for too, depth-first (a story's comments and their replies).
      package var children: [String]?
    }

    package enum Match: String, Sendable, Hashable, CaseIterable {
      /// The query, trimmed, is found anywhere in a member's text.
      case substring
      /// Every word of the query starts a word of the members, in any order, as search boxes and
      /// the Hacker News search match.
      case words
    }
  }
}

/// What a resource sends and where its answer holds the records.
package struct ResourceRequest: Sendable, Hashable {
  /// The path under the base URL: each value one escaped path segment.
  package var path: RequestTemplate
  /// Query parameters, in order; one whose value is blank is left out.
  package var query: [HTTPDeclaration.Field]
  /// A list's array of records, or a record's object.
  package var records: JSONPointer
  /// A list's total count, when the answer has one.
  package var total: JSONPointer?
  package var paging: Paging?
  /// What an empty search does: list all, or ask nothing (an empty list).
  package var emptySearch: EmptySearch
  /// Statuses that mean an empty list rather than an error (GitHub's 409 for an empty repository).
  package var emptyStatuses: [Int]
  /// What a 404 did not find ("character {id}"), and the parameter to check.
  package var notFound: RequestTemplate?
  package var notFoundParameter: String?

  package enum EmptySearch: String, Sendable, Hashable, CaseIterable {
    case all, nothing
  }
}

/// How a list's pages are asked for, and when paging stops.
package struct Paging: Sendable, Hashable {
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    case offset, page, link
    case nextURL = "next-url"
    case cursor
  }
  package var kind: Kind
  /// The query parameter that carries the page size (`offset`: the limit).
  package var size: String?
  /// `offset`: the offset's parameter; `page`: the page number's; `cursor`: the cursor's.
  package var parameter: String?
  /// `page`: the first page's number.
  package var first: Int
  /// `next-url`, `cursor`: where the answer holds the next page's URL or cursor.
  package var next: JSONPointer?
  /// How many results can be reached, whatever the total says (GitHub's search: 1,000).
  package var cap: Int?
  /// The most requests for pages of one list before paging stops (a server that never ends).
  package var maxPages: Int

  package static let defaultMaxPages = 1000
}

extension HTTPDeclaration {
  /// `declared` and the variables the declaration reads that it does not name: the base URL's
  /// (with its default) and the credentials' (the secret ones marked so).
  package func variables(adding declared: [EnvironmentVariable]) -> [EnvironmentVariable] {
    var result = declared
    func add(_ variable: EnvironmentVariable) {
      if let index = result.firstIndex(where: { $0.name == variable.name }) {
        if variable.secret { result[index].secret = true }
      } else {
        result.append(variable)
      }
    }
    add(EnvironmentVariable(baseURLVariable, summary: "the API's server, for live data", defaultValue: defaultBaseURL))
    for name in auth?.variables ?? [] {
      let secret = auth?.secrets.contains(name) ?? false
      add(
        EnvironmentVariable(
          name, summary: secret ? "a credential, for live data" : "a setting of the credentials, for live data",
          secret: secret))
    }
    return result
  }
}
