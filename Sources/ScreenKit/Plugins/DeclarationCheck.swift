/// The core's one check of a request against the resources a plugin declared, before the request
/// reaches the plugin: a `Declaration`'s handlers, a plugin's own `DataSource` (`CheckedSource`)
/// and an external plugin's program (`ExternalSource`) are all held to it.
package enum DeclarationCheck {
  /// What the check found.
  package enum Outcome {
    /// No resource of the request's name and kind is declared.
    case undeclared
    /// The request keeps the rules of `resources[index]`.
    case declared(index: Int)
    /// The request breaks a rule of `resources[index]`.
    case refused(index: Int, Violation)

    /// The core's error for a refused request; nil when it is not refused.
    package var error: DataSourceError? {
      guard case .refused(_, let violation) = self else { return nil }
      return violation.error
    }
  }

  /// A page request checked against `resources`.
  package static func page(_ request: PageRequest, against resources: [Resource]) -> Outcome {
    check(request.resource, .list, request.parameters, pageSize: request.pageSize, against: resources)
  }

  /// A record request checked against `resources`.
  package static func record(_ request: RecordRequest, against resources: [Resource]) -> Outcome {
    check(request.resource, .record, request.parameters, pageSize: nil, against: resources)
  }

  private static func check(
    _ name: String, _ kind: Resource.Kind, _ parameters: [String: String], pageSize: Int?,
    against resources: [Resource]
  ) -> Outcome {
    guard let index = resources.firstIndex(where: { $0.name == name && $0.kind == kind }) else { return .undeclared }
    if let violation = resources[index].violation(parameters: parameters, pageSize: pageSize) {
      return .refused(index: index, violation)
    }
    return .declared(index: index)
  }
}
