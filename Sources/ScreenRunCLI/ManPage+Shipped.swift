import ShippedPlugins

extension ManPage {
  /// The man page of the shipped screenrun: the variables of the plugins it ships, and those of
  /// the HTTP they share. (Apart from `Documentation/` and `CommandLine/`, which name no plugin,
  /// so that the arguments fuzz target builds without them.)
  init(_ declaration: CommandDeclaration) {
    self.init(declaration, plugins: ShippedPlugins.all)
    shared = ShippedPlugins.httpVariables
  }
}
