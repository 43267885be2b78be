import FoundationEssentials
import ScreenKit

/// A declared API's sample: the records of a JSON file in the plugin's folder, searched by
/// substring in the declared members (any case), paged by offset, and a record found by its id.
/// Used unless `--live` is given, so a declared API has offline screens and screen tests.
struct DeclaredSampleSource: DataSource {
  let name: String
  let http: HTTPDeclaration
  let sample: HTTPDeclaration.Sample
  let resources: [Resource]
  let dataset: BundledDataset

  init(manifest: PluginManifest, http: HTTPDeclaration, sample: HTTPDeclaration.Sample) {
    name = manifest.name
    self.http = http
    self.sample = sample
    resources = manifest.resources
    let plugin = manifest.name
    dataset = BundledDataset(attribution: http.attribution) { () throws(DataSourceError) in
      let bytes: [UInt8]
      do {
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: sample.file)))
      } catch {
        throw .decoding("plugin '\(plugin)': cannot read its sample file \(sample.file)")
      }
      let json: JSON
      // The plugin's own file, read once for the whole run, not a page a server sent: no limit
      // on its values.
      var options = JSON.ParseOptions.response
      options.maximumValues = nil
      do throws(JSONSyntaxError) {
        json = try JSON.parse(bytes, options: options)
      } catch {
        throw .decoding(
          "plugin '\(plugin)': its sample file \(sample.file) is not JSON (line \(error.line), column \(error.column): \(error.message))"
        )
      }
      let value = sample.records.tokens.isEmpty ? json : json[path: sample.records.tokens]
      guard let records = value?.arrayValue, records.allSatisfy({ $0.objectValue != nil }) else {
        throw .decoding(
          "plugin '\(plugin)': its sample file \(sample.file) holds no array of records at \(sample.records)")
      }
      return records
    }
  }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let resource = resources.first { $0.name == request.resource }
    var records = try dataset.records()
    if let search = resource?.search {
      let query = (request.parameters[search] ?? "").trimmingWhitespace().lowercased()
      if query.isEmpty, http.requests[request.resource]?.emptySearch == .nothing {
        return Page(records: [], total: 0, attribution: http.attribution)
      }
      if !query.isEmpty {
        records = records.filter { record in
          sample.searched.contains { member in
            (BundledDataset.text(record[path: member.split(separator: ".").map(String.init)]) ?? "").lowercased()
              .contains(query)
          }
        }
      }
    }
    return try Page.slice(records, cursor: request.cursor, pageSize: request.pageSize, attribution: http.attribution)
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    let resource = resources.first { $0.name == request.resource }
    let parameter = resource?.parameters.first?.name ?? sample.id
    let wanted = (request.parameters[parameter] ?? "").trimmingWhitespace()
    let records = try dataset.records()
    guard let record = records.first(where: { BundledDataset.text($0[sample.id]) == wanted }) else {
      throw .notFound(
        "plugin '\(name)' has no sample record whose \(sample.id) is '\(wanted)'; check the parameter '\(parameter)'",
        resource: "record '\(wanted)'", parameter: parameter)
    }
    return Record(record, attribution: http.attribution)
  }
}
