import CJansson

/// jansson by itself, with nothing of screenrun's: the floor the JSON layer is compared with.
/// This is the benchmark's only door to jansson, as JSON+Jansson.swift is the runtime's.
enum RawJansson {
  /// Parses `bytes` with the flags `JSON.parse(_:options: .response)` uses, then releases the
  /// tree; false when the bytes are not JSON.
  static func parseAndRelease(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { characters in
        var error = json_error_t()
        let flags = Int(JSON_DECODE_ANY | JSON_ALLOW_NUL)
        guard let root = json_loadb(characters.baseAddress, characters.count, flags, &error) else { return false }
        json_decref(root)
        return true
      }
    }
  }
}
