// The screenrun executable: the command line of ScreenRunCLI, with the plugins it ships.
import ScreenRunCLI

await ScreenRun.main()
