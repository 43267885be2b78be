import PluginHTTP
import PluginHost
import ScreenKit

/// What a request template's names stand for when a request is made.
struct TemplateValues {
  var parameters: [String: String]
  var environment: [String: String] = [:]
  var computed: [String: String] = [:]
  /// Seconds since 1970, read once for a request.
  var now: Double = 0

  func text(_ template: RequestTemplate) throws(DataSourceError) -> String {
    var result = ""
    for part in template.parts {
      switch part {
      case .literal(let text): result += text
      case .value(let expression): result += try value(expression)
      }
    }
    return result
  }

  func value(_ expression: RequestTemplate.Expression) throws(DataSourceError) -> String {
    switch expression {
    case .name(let name): return computed[name] ?? parameters[name] ?? ""
    case .environment(let name): return environment[name] ?? ""
    case .timestamp: return String(Int(now))
    case .timestampMilliseconds: return String(Int((now * 1000).rounded()))
    case .string(let text): return text
    case .md5(let arguments):
      var text = ""
      for argument in arguments { text += try value(argument) }
      return MD5.hex(text)
    case .segments(let argument): return try value(argument)
    case .filtered(let argument, let filters):
      // An empty value is a missing one, for `default`; the time is the request's.
      let text = try value(argument)
      var filtered: FilterValue = text.isEmpty ? .missing : .text(text)
      let context = TemplateContext(clock: .fixed(now))
      for filter in filters { filtered = filter.apply(to: filtered, in: context) }
      return filtered.text
    }
  }

  /// The template as a request path: literal text as written, and each value one escaped segment
  /// (`segments(x)`: one for each part of `x` between slashes), so no value leaves its segment and
  /// a value of `.` or `..` is refused.
  func path(_ template: RequestTemplate) throws(DataSourceError) -> HTTPPath {
    var interpolation = HTTPPath.StringInterpolation(literalCapacity: 0, interpolationCount: 0)
    for part in template.parts {
      switch part {
      case .literal(let text):
        interpolation.appendLiteral(text)
      case .value(.segments(let argument)):
        let parameter = argument.names.first
        let parts = try value(argument).trimmingWhitespace().split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
          if index > 0 { interpolation.appendLiteral("/") }
          if let parameter {
            interpolation.appendInterpolation(String(part), parameter: parameter)
          } else {
            interpolation.appendInterpolation(String(part))
          }
        }
      case .value(let expression):
        let text = try value(expression).trimmingWhitespace()
        if case .name(let name) = expression, parameters[name] != nil {
          interpolation.appendInterpolation(text, parameter: name)
        } else {
          interpolation.appendInterpolation(text)
        }
      }
    }
    return HTTPPath(stringInterpolation: interpolation)
  }
}
