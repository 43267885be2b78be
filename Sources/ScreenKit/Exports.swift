// A plugin author imports ScreenKit alone: the layers under it, whose types its API uses (JSON
// values, templates, diagnostics, text width), come with it.
@_exported import ScreenFormat
@_exported import ScreenJSON
@_exported import ScreenText
