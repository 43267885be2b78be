import FoundationEssentials

/// The time templates read (`ago`), in Unix seconds: the wall clock, unless a screen test fixes
/// it with its `now:` setting.
///
/// A `TemplateContext` takes `TemplateClock.current` when it is made, so a screen test sets the
/// clock once, around its whole run (`$current.withValue`), and every frame, its refreshes on an
/// interval included, reads the test's time; nothing else has to pass it along.
package struct TemplateClock: Sendable {
  private let read: @Sendable () -> Double

  package init(_ read: @escaping @Sendable () -> Double) { self.read = read }

  /// The machine's clock.
  package static let system = TemplateClock { Date().timeIntervalSince1970 }

  /// A clock that always reads `seconds`.
  package static func fixed(_ seconds: Double) -> TemplateClock { TemplateClock { seconds } }

  /// The time now, in Unix seconds.
  package var now: Double { read() }

  /// The clock of the task that renders: the system's, unless a screen test set its own.
  @TaskLocal package static var current: TemplateClock = .system
}
