import Foundation
import ReplayServer

/// Hostile answers to the REST APIs declared in a plugin.json (`http`): the shipped GitHub and
/// Marvel manifests of Plugins/Declared stand in for the compiled-in plugins, and each answer must
/// end in a clear error or a stop, with nothing crashed, hung or leaked.
enum DeclaredProbes {
  static let marvel = ["--plugin-path", "Plugins/Declared/marvel"]
  static let github = ["--plugin-path", "Plugins/Declared/github"]

  static var all: [Probe] {
    let character = Marvel.character()
    let html = Array("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>\u{1B}[2J</body></html>".utf8)
    func linked(_ link: String) -> Probe.Answer {
      { request in
        .json(
          "[\(GitHub.commit())]",
          headers: [("Link", link.replacingOccurrences(of: "{self}", with: request.header("Host") ?? "127.0.0.1"))])
      }
    }
    return [
      Probe(
        .shapes, "declared: the record pointer finds a string", Marvel.detail + marvel,
        answer: json(Marvel.body(results: #"["a string, not a character"]"#))),
      Probe(
        .shapes, "declared: the records pointer finds a string", Marvel.list + marvel,
        answer: json(Marvel.body(results: #""not an array""#))),
      Probe(
        .numbers, "declared: a negative total", Marvel.list + marvel,
        answer: json(Marvel.body(results: "[\(character)]", total: "-5"))),
      Probe(
        .numbers, "declared: a total that is not a number", Marvel.list + marvel,
        answer: json(Marvel.body(results: "[\(character)]", total: #""many""#))),
      Probe(
        .numbers, "declared: a total past Int64", Marvel.list + marvel,
        answer: json(Marvel.body(results: "[\(character)]", total: "99999999999999999999999"))),
      Probe.script(
        .links, "declared: a Link with no next", GitHub.commits + github, "next\n",
        answer: linked("<http://{self}/repos/octo/cat/commits?page=9>; rel=\"last\"")),
      Probe.script(
        .links, "declared: 10,000 pages, each linking on", GitHub.commits + github,
        String(repeating: "next\n", count: 30),
        answer: { request in
          let page = (Int(request.target.split(separator: "=").last ?? "") ?? 1) + 1
          return .json(
            "[\(GitHub.commit())]",
            headers: [
              (
                "Link",
                "<http://\(request.header("Host") ?? "127.0.0.1")/repos/octo/cat/commits?page=\(page)>; rel=\"next\""
              )
            ])
        }),
      Probe(
        .links, "declared: 10,000 pages by the total", Marvel.list + marvel,
        answer: json(Marvel.body(results: "[\(character)]", total: "200000", count: "20"))),
      Probe.script(
        .links, "declared: a next link that comes round again", GitHub.commits + github, "next\nnext\nnext\n",
        answer: linked("<http://{self}/repos/octo/cat/commits?page=2>; rel=\"next\"")),
      Probe.script(
        .links, "declared: a next link to another host", GitHub.commits + github, "next\n",
        answer: linked("<http://localhost:\(1)/repos/octo/cat/commits?page=2>; rel=\"next\"")),
      Probe.script(
        .links, "declared: a next link with the token in the userinfo", GitHub.commits + github, "next\n",
        answer: linked("<http://x:\(Hostile.githubToken)@{self}/repos/octo/cat/commits?page=2>; rel=\"next\"")),
      Probe(
        .size, "declared: a 50 MB body", Marvel.list + marvel,
        answer: always(
          .json(Marvel.body(results: "[\(Marvel.character(description: Hostile.q(Hostile.word(50 << 20))))]")))),
      Probe(
        .size, "declared: a body over the 64 MB limit", GitHub.commits + github,
        answer: always(.json("[" + Hostile.q(Hostile.word(70 << 20)) + "]"))),
      Probe(
        .transport, "declared: an HTML error page", Marvel.list + marvel,
        answer: always(.http("502 Bad Gateway", headers: [("Content-Type", "text/html")], body: html))),
      Probe(
        .transport, "declared: an HTML page with 200", GitHub.commits + github,
        answer: always(.http(headers: [("Content-Type", "text/html")], body: html))),
    ]
  }
}
