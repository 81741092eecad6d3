/// A `flatbed` subcommand: its name, help and what it does.
protocol Command: Sendable {
    /// The word typed after `flatbed`.
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The usage line after `flatbed NAME`, e.g. `INPUT... -o OUTPUT [options]`.
    static var usage: String { get }
    /// Extra paragraphs shown after the options in `--help`, or empty.
    static var discussion: String { get }
    /// The options it accepts (`--help` is implied).
    static var options: [OptionSpec] { get }
    /// Runs the command with parsed arguments and returns the exit status.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

extension Command {
    static var discussion: String { "" }

    /// The full `--help` text.
    static var helpText: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: flatbed \(name) \(usage)\n\nOPTIONS:\n"
        let specs = options + [.help]
        let width = min(32, (specs.map(\.synopsis.count).max() ?? 0) + 2)
        for spec in specs {
            let synopsis = spec.synopsis
            let padding = synopsis.count < width ? String(repeating: " ", count: width - synopsis.count) : "\n  " + String(repeating: " ", count: width)
            text += "  \(synopsis)\(padding)\(spec.help)\n"
        }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }

    /// The short usage line shown under an error.
    static var usageLine: String { "Usage: flatbed \(name) \(usage)\n  See 'flatbed \(name) --help'." }
}
