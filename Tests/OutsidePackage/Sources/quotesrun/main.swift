// A screenrun with a plugin of this package's own: the shipped plugins and `quotes`.
import QuotesPlugin
import ScreenRunCLI

await ScreenRun.main(plugins: [QuotesPlugin.plugin])
