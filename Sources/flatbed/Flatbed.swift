import Foundation
import ScanPipeline

/// The top level of the command line: picks the subcommand and turns errors into exit codes.
enum Flatbed {
    /// Exit status for a command line that cannot be run as written (sysexits' EX_USAGE).
    static let usageExitCode: Int32 = 64

    /// Every subcommand, in the order `flatbed --help` lists them.
    static let commands: [any Command.Type] = [ScanCommand.self, DetectCommand.self, RectifyCommand.self, ServeCommand.self, OCRCommand.self]

    static var helpText: String {
        var text = """
            OVERVIEW: Flatbed turns photos of paper into flat, clean documents.

            USAGE: flatbed <subcommand> [options] <inputs>

            SUBCOMMANDS:

            """
        let width = (commands.map { $0.name.count }.max() ?? 0) + 4
        for command in commands {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.abstract + "\n"
        }
        text += """

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help.

            See 'flatbed <subcommand> --help' for a subcommand's options.
            """
        return text
    }

    /// Runs one command line and returns the process exit status.
    static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            print(helpText)
            return usageExitCode
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                print(command.helpText, terminator: "")
            } else {
                print(helpText)
            }
            return 0
        case "--version":
            print("flatbed \(FlatbedInfo.version)")
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.error(UsageError.unknownCommand(first).description)
            return usageExitCode
        }
        do {
            let parsed = try ParsedArguments(Array(arguments.dropFirst()), options: command.options)
            if parsed.has(OptionSpec.help.key) {
                print(command.helpText, terminator: "")
                return 0
            }
            return try command.run(parsed, console: console)
        } catch let error as UsageError {
            console.error(error.description)
            FileHandle.standardError.write(Data((command.usageLine + "\n").utf8))
            return usageExitCode
        } catch {
            console.error("\(error)")
            return 1
        }
    }
}
