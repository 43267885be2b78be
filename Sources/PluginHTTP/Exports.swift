// A live plugin imports PluginHTTP alone: its API is written in ScreenKit's types (every call
// throws a `DataSourceError`, answers are `JSON`, pages `Page`), so ScreenKit comes with it, as the
// layers under ScreenKit come with ScreenKit.
@_exported import ScreenKit
