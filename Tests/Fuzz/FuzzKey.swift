// A libFuzzer target for the terminal key decoder (Sources/ScreenTerminal/Input/Key+Decoding.swift): any
// bytes as what a terminal sends in raw mode. `Tests/Fuzz/run build key` builds it.

import ScreenTerminal

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKey(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let keys = Key.decode(bytes)
  // Every key comes from at least one byte.
  if keys.count > bytes.count { fatalError("\(keys.count) keys from \(bytes.count) bytes") }
  return 0
}
