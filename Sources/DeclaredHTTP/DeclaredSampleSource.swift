import FoundationEssentials
import PluginHost
import ScreenKit

/// A declared API's sample: the records of JSON files in the plugin's folder, one for every
/// resource or one a resource, searched in the declared members (by substring or by words, in any
/// case), paged by offset, and a record found by its id, among the records or, with `children`,
/// inside them. Used unless `--live` is given, so a declared API has offline screens and screen
/// tests.
struct DeclaredSampleSource: DataSource {
  let name: String
  let http: HTTPDeclaration
  let sample: HTTPDeclaration.Sample
  let resources: [Resource]
  /// Each resource's records, read when first asked for; resources that read the same records of
  /// the same file share them.
  let datasets: [String: BundledDataset]

  init(manifest: PluginManifest, http: HTTPDeclaration, sample: HTTPDeclaration.Sample) {
    name = manifest.name
    self.http = http
    self.sample = sample
    resources = manifest.resources
    var shared: [String: BundledDataset] = [:]
    var datasets: [String: BundledDataset] = [:]
    for (resource, entry) in sample.resources {
      let key = entry.file + "#" + entry.records.description
      let dataset = shared[key] ?? Self.dataset(entry, plugin: manifest.name, attribution: http.attribution)
      shared[key] = dataset
      datasets[resource] = dataset
    }
    self.datasets = datasets
  }

  private static func dataset(_ entry: HTTPDeclaration.Sample.Entry, plugin: String, attribution: String?)
    -> BundledDataset
  {
    BundledDataset(attribution: attribution) { () throws(DataSourceError) in
      let bytes: [UInt8]
      do {
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: entry.file)))
      } catch {
        throw .decoding("plugin '\(plugin)': cannot read its sample file \(entry.file)")
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
          "plugin '\(plugin)': its sample file \(entry.file) is not JSON (line \(error.line), column \(error.column): \(error.message))"
        )
      }
      let value = entry.records.tokens.isEmpty ? json : json[path: entry.records.tokens]
      guard let records = value?.arrayValue, records.allSatisfy({ $0.objectValue != nil }) else {
        throw .decoding(
          "plugin '\(plugin)': its sample file \(entry.file) holds no array of records at \(entry.records)")
      }
      return records
    }
  }

  /// The sample of `resource`, and its records.
  private func records(of resource: String) throws(DataSourceError) -> (HTTPDeclaration.Sample.Entry, [JSON]) {
    guard let entry = sample.resources[resource], let dataset = datasets[resource] else {
      throw .badRequest("plugin '\(name)' has no sample for the resource '\(resource)'")
    }
    return (entry, try dataset.records())
  }

  func page(_ request: PageRequest) async throws(DataSourceError) -> Page {
    let resource = resources.first { $0.name == request.resource }
    var (entry, records) = try records(of: request.resource)
    if let search = resource?.search {
      let query = (request.parameters[search] ?? "").trimmingWhitespace().lowercased()
      if query.isEmpty, http.requests[request.resource]?.emptySearch == .nothing {
        return Page(records: [], total: 0, attribution: http.attribution)
      }
      if !query.isEmpty {
        let paths = entry.searched.map { $0.split(separator: ".").map(String.init) }
        func texts(_ record: JSON) -> [String] { paths.map { BundledDataset.text(record[path: $0]) ?? "" } }
        switch entry.match {
        case .substring:
          records = records.filter { record in texts(record).contains { $0.lowercased().contains(query) } }
        case .words:
          // Every word of the query starts a word of the members, in any order.
          let wanted = BundledDataset.words(in: query)
          records = records.filter { record in
            let have = texts(record).flatMap(BundledDataset.words(in:))
            return wanted.allSatisfy { word in have.contains { $0.hasPrefix(word) } }
          }
        }
      }
    }
    return try Page.slice(records, cursor: request.cursor, pageSize: request.pageSize, attribution: http.attribution)
  }

  func record(_ request: RecordRequest) async throws(DataSourceError) -> Record {
    let resource = resources.first { $0.name == request.resource }
    let (entry, records) = try records(of: request.resource)
    let parameter = resource?.parameters.first?.name ?? entry.id
    let wanted = (request.parameters[parameter] ?? "").trimmingWhitespace()
    // With `children`, the records and theirs, depth-first, walked without recursion.
    let found = JSONTree(records, children: entry.children).nodes.first {
      BundledDataset.text($0.record[entry.id]) == wanted
    }
    guard let record = found?.record else {
      throw .notFound(
        "plugin '\(name)' has no sample record whose \(entry.id) is '\(wanted)'; check the parameter '\(parameter)'",
        resource: "record '\(wanted)'", parameter: parameter)
    }
    return Record(record, attribution: http.attribution)
  }
}
