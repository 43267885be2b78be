// Checks that the JSON layer releases every jansson value it creates, under valgrind:
//
//   mkdir -p /tmp/leak
//   swiftc -O -package-name screenrun -module-name ScreenText -parse-as-library -wmo -emit-module \
//     -emit-module-path /tmp/leak/ScreenText.swiftmodule -c Sources/ScreenText/*.swift -o /tmp/leak/ScreenText.o
//   swiftc -O -package-name screenrun -I /tmp/leak -I Sources/CJansson Sources/ScreenJSON/*.swift \
//     Tests/LeakCheck/main.swift /tmp/leak/ScreenText.o -ljansson -o /tmp/leakcheck
//   valgrind --leak-check=full --show-possibly-lost=no --errors-for-leak-kinds=definite,indirect --error-exitcode=1 \
//     /tmp/leakcheck Tests/Fixtures/Benchmark/marvel-first-page.json
//
// (ScreenJSON imports ScreenText, so that module is compiled first; `.ci/run` does the same.)
//
// It is a plain program with no Dispatch, because valgrind 3.19 cannot follow libdispatch's
// signal thread, which an async `main` starts.

import Glibc

let path = CommandLine.arguments.dropFirst().first ?? "Tests/Fixtures/Benchmark/marvel-first-page.json"
guard let file = fopen(path, "rb") else {
  print("cannot open \(path)")
  exit(2)
}
var bytes: [UInt8] = []
var buffer = [UInt8](repeating: 0, count: 65536)
while true {
  let count = fread(&buffer, 1, buffer.count, file)
  if count <= 0 { break }
  bytes += buffer[0..<count]
}
fclose(file)

var records = 0
for _ in 0..<20 {
  if case .object(let root)? = try? JSON.parse(bytes, options: .response) {
    records += root.count
  }
}
// Every kind of failure: jansson allocates as it goes and must free what it built so far.
let broken = [
  "{\"a\": [1, 2, {\"b\": \"c\"", "{\"a\": 1,}", "[1, 2, 3", "{\"a\": \"x\", \"a\": \"y\"}", "\"\\ud800\"",
  "{\"a\": [true, false, null, 1.5e300, -7, \"é\"], \"b\": {\"c\": {\"d\": []}}} trailing",
]
var failures = 0
for text in broken {
  do {
    _ = try JSON.parse(text, options: .document)
  } catch {
    failures += 1
  }
}
// A response bigger than a piece is read piece by piece: every piece's tree must be released,
// also when a later piece is broken, and when members are skipped.
var pieceFailures = 0
for cut in [bytes.count / 3, bytes.count / 2, bytes.count - 2] {
  var damaged = bytes
  damaged[cut] = 0x01  // a control character is wrong anywhere in JSON text
  if (try? JSON.parse(damaged, options: .response)) == nil { pieceFailures += 1 }
  if (try? JSON.parse(Array(bytes.prefix(cut)), options: .response)) == nil { pieceFailures += 1 }
}
let part = try? JSON.parse(String(decoding: bytes, as: UTF8.self), onlyMembers: ["characters"], options: .response)
print(
  "parsed the document 20 times (\(records / 20) top-level members); refused \(failures) of \(broken.count) broken documents"
    + " and \(pieceFailures) of 6 damaged ones read in pieces; read \(part?.objectValue?.count ?? 0) member alone"
)
