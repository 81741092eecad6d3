/// One option a subcommand accepts, as shown in its `--help`.
struct OptionSpec: Sendable {
    /// Names as typed, long name first (`["--output", "-o"]`); the first is the key in `ParsedArguments`.
    let names: [String]
    /// Placeholder for the value (`FILE`), or nil for a flag that takes none.
    let valueName: String?
    /// One line of help.
    let help: String

    init(_ names: String..., value valueName: String? = nil, help: String) {
        precondition(!names.isEmpty && names.allSatisfy { $0.hasPrefix("-") }, "option names start with '-'")
        self.names = names
        self.valueName = valueName
        self.help = help
    }

    /// The name the parsed value is stored under.
    var key: String { names[0] }

    /// `-o, --output FILE` for the help text.
    var synopsis: String {
        let shortFirst = names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return valueName.map { "\(shortFirst) \($0)" } ?? shortFirst
    }

    static let help = OptionSpec("--help", "-h", help: "Show help for this command.")
}
