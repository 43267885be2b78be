// The test targets of this package get ScreenRunTesting (snapshots, the counting source, the
// screen driver) through TestSupport, beside what only this package's tests use.
@_exported import ScreenRunTesting
