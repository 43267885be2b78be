import ScreenFormat
import ScreenJSON
import ScreenKit

/// The tabs kind's part of a screen file: `tabs`, each a screen file with its parameters, title
/// and refresh.
extension SpecDecoder {
  /// The keys of a tab.
  static let tabKeys = ["title", "screen", "params", "refresh"]
  /// How many tabs a screen may hold: `tab N` and the bar name them by number.
  static let tabCount = 1...9

  mutating func decodeTabs(_ object: JSONObject) -> TabsSpec? {
    let pointer = JSONPointer.root / "tabs"
    guard let value = object["tabs"] else {
      fail(
        .root, .key,
        #"missing required key 'tabs'; a tabs screen lists its tabs, as in [{"title": "Open", "screen": "open.json"}]"#)
      return nil
    }
    guard case .array(let elements) = value else {
      fail(pointer, .value(offset: 0), "'tabs' must be an array of tabs, not \(value.typeDescription)")
      return nil
    }
    guard Self.tabCount.contains(elements.count) else {
      fail(
        pointer, .value(offset: 0),
        "'tabs' holds \(elements.count) tabs; a tabs screen holds \(Self.tabCount.lowerBound) to \(Self.tabCount.upperBound)"
      )
      return nil
    }
    var tabs: [TabSpec] = []
    for (index, element) in elements.enumerated() {
      if let tab = decodeTab(element, at: pointer / index) { tabs.append(tab) }
    }
    guard tabs.count == elements.count else { return nil }
    return TabsSpec(tabs: tabs)
  }

  private mutating func decodeTab(_ value: JSON, at pointer: JSONPointer) -> TabSpec? {
    guard
      let object = requireObject(
        value, at: pointer, name: "a tab", example: #"{"title": "Open", "screen": "open.json"}"#)
    else { return nil }
    checkKeys(object, at: pointer, allowed: Self.tabKeys)
    let title = requiredTemplate(object, "title", at: pointer)
    var selectPart = JSONObject()
    for key in Self.selectKeys { selectPart[key] = object[key] }
    guard object["screen"] != nil else {
      fail(pointer, .key, #"missing required key 'screen'; a tab names the screen file it shows, as in "open.json""#)
      return nil
    }
    let select = decodeSelect(.object(selectPart), at: pointer)
    let refresh = optionalRefresh(object, at: pointer)
    guard let title, let select, object["refresh"] == nil || refresh != nil else { return nil }
    return TabSpec(title: title, select: select, refresh: refresh)
  }
}
