import ScreenJSON
import ScreenKit

/// The list kind's part of the screen file's JSON Schema: its keys, as `ListDecoding` reads them.
extension ListKind {
  package static var schema: KindSchema {
    var row = JSONObject()
    for key in SpecDecoder.rowKeys {
      row[key] =
        switch key {
        case "title": ScreenSchema.template("The row's first line, as in \"{name}\".")
        case "subtitle": ScreenSchema.template("A second line under the title, as in \"{comics.available} comics\".")
        default: [:]
        }
    }
    var keys = sharedSchemaKeys
    keys["row"] = ScreenSchema.ref("row", "How a row reads: a title, and a subtitle under it.")
    keys["children"] = ScreenSchema.treeChildren(
      "The member of each record that holds its own records, as in \"children\": the list shows each page as a tree, depth-first, and a row reads its depth, from 0, as {depth} (\"{depth|indent:2}{name}\")."
    )
    return KindSchema(
      keys: keys,
      definitions: [("row", JSONSchema.object("A list's row.", properties: row, required: ["title"]))],
      required: ["row"])
  }

  /// A tree's `children`: a field path, described.
  /// The keys a kind built on the list shares with it (`SpecDecoder.decodeList`).
  static var sharedSchemaKeys: [String: JSON] {
    [
      "search": ScreenSchema.ref("search", "Search as you type: the parameter the query goes to, and when it is sent."),
      "paging": ScreenSchema.ref("paging", "Pages of records, and when the next one is asked for."),
      "empty": ScreenSchema.template("Shown when there are no records; reads no record."),
      "id": ScreenSchema.template(
        "What names a record, as in \"{full_name}\": after a refresh the highlight stays on the record it names; \"{id}\" by default."
      ),
      "select": ScreenSchema.ref("select", "The screen a row opens, and the parameters it is opened with."),
      "preview": ScreenSchema.ref(
        "select",
        "A detail screen drawn beside the list at 120 columns or more, showing the highlighted row, with the parameters it is opened with."
      ),
    ]
  }
}
