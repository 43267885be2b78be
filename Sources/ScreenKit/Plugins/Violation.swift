/// A request that breaks what its resource declares: an unknown, missing or blank parameter, a
/// value outside the allowed set, or a page size out of range. The core finds it before any
/// handler runs; a plugin may word it in its API's own terms (see `Declaration`).
public struct Violation: Sendable, Hashable {
  /// Which rule of its resource a request breaks.
  public enum Kind: Sendable, Hashable {
    /// A parameter the resource does not declare.
    case unknownParameter
    /// A required parameter is absent.
    case missingParameter
    /// A parameter that allows no blank value holds only white space.
    case blankParameter
    /// A value outside the parameter's `values`.
    case valueNotAllowed
    /// The page size is below 1 or above the resource's `maxPageSize`.
    case pageSize
  }

  /// Which rule the request breaks.
  public var kind: Kind
  package var resource: Resource
  /// The parameter at fault; nil for the page size.
  public var parameter: String?
  /// The value at fault: the parameter's (nil when missing), or the page size as text.
  public var value: String?
  /// Every parameter of the request, for a message that names the request.
  public var parameters: [String: String]

  package init(
    _ kind: Kind, resource: Resource, parameter: String? = nil, value: String? = nil,
    parameters: [String: String] = [:]
  ) {
    self.kind = kind
    self.resource = resource
    self.parameter = parameter
    self.value = value
    self.parameters = parameters
  }

  /// The core's wording, for plugins that keep no API wording of their own.
  public var message: String {
    let name = parameter ?? ""
    let value = self.value ?? ""
    switch kind {
    case .unknownParameter:
      let names = resource.parameters.map(\.name)
      let known = names.isEmpty ? "it takes none" : "parameters: \(names.joined(separator: ", "))"
      return "'\(name)' is not a parameter of '\(resource.name)' (\(known))"
    case .missingParameter:
      return "'\(name)' is required: \(resource.parameter(named: name)?.summary ?? name)"
    case .blankParameter:
      return "'\(name)' cannot be blank"
    case .valueNotAllowed:
      let values = resource.parameter(named: name)?.values ?? []
      return "'\(value)' is not a value of '\(name)' (values: \(values.joined(separator: ", ")))"
    case .pageSize:
      return "a page of '\(resource.name)' holds 1 to \(resource.maxPageSize) records, not \(value)"
    }
  }

  /// The core's error for it: a bad request naming the parameter.
  public var error: DataSourceError { .badRequest(message, parameter: parameter) }
}

extension Resource {
  /// The first rule a request breaks, in this order: an unknown parameter, a missing one, a blank
  /// one, a value not allowed, the page size (list resources; nil skips it). Nil when it keeps all.
  public func violation(parameters: [String: String], pageSize: Int? = nil) -> Violation? {
    func broken(_ kind: Violation.Kind, _ parameter: String?, _ value: String?) -> Violation {
      Violation(kind, resource: self, parameter: parameter, value: value, parameters: parameters)
    }
    if let unknown = parameters.keys.sorted().first(where: { parameter(named: $0) == nil }) {
      return broken(.unknownParameter, unknown, parameters[unknown])
    }
    for parameter in self.parameters {
      guard let value = parameters[parameter.name] else {
        if parameter.required { return broken(.missingParameter, parameter.name, nil) }
        continue
      }
      let blank = Parameter.isBlank(value)
      if blank, !parameter.allowsBlank { return broken(.blankParameter, parameter.name, value) }
      // A blank value that is allowed stands for no value, which any set of values admits.
      if let values = parameter.values, !blank, !values.contains(value) {
        return broken(.valueNotAllowed, parameter.name, value)
      }
    }
    if let pageSize, kind == .list, !(1...max(1, maxPageSize)).contains(pageSize) {
      return broken(.pageSize, nil, String(pageSize))
    }
    return nil
  }
}
