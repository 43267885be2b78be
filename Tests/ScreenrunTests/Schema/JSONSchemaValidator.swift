import Foundation
import Testing

/// Debian's python3-jsonschema (Draft202012Validator), run on files: a real validator, not ours.
enum JSONSchemaValidator {
  /// Checks the schema itself against the draft's meta-schema, then prints a line for each file:
  /// `ok FILE`, or `refused FILE: POINTER: MESSAGE` (a file that is not JSON is refused too).
  static let script = """
    import json, sys
    from jsonschema import Draft202012Validator
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    for path in sys.argv[2:]:
        try:
            with open(path, encoding="utf-8") as file:
                document = json.load(file)
        except Exception as error:
            print("refused", path + ": not JSON:", str(error).replace("\\n", " "))
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        if errors:
            first = errors[0]
            where = "/" + "/".join(map(str, first.absolute_path))
            print("refused", path + ":", where + ":", first.message[:160].replace("\\n", " "))
        else:
            print("ok", path)
    """

  /// Each file's verdict: nil when the validator accepts it, else why it refuses it.
  static func verdicts(schema: String, files: [String]) async throws -> [String: String?] {
    let result = try await ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-c", script, schema] + files,
      workingDirectory: Screenrun.repositoryRoot, timeout: .seconds(60))
    guard result.exitCode == 0, result.signal == nil else {
      throw ValidatorError(
        description:
          "python3 -c 'import jsonschema' failed; install python3-jsonschema (apt-get install -y python3-jsonschema):\n\(result)"
      )
    }
    var verdicts: [String: String?] = [:]
    for line in result.stdoutLines {
      if line.hasPrefix("ok ") {
        verdicts[String(line.dropFirst(3))] = String?.none
      } else if line.hasPrefix("refused "), let colon = line.range(of: ": ") {
        verdicts[String(line[line.index(line.startIndex, offsetBy: 8)..<colon.lowerBound])] = String(
          line[colon.upperBound...])
      }
    }
    return verdicts
  }

  struct ValidatorError: Error, CustomStringConvertible {
    var description: String
  }
}
