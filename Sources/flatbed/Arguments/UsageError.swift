/// A command line that cannot be run as written; the CLI prints it with the usage line and exits 64.
enum UsageError: Error, Equatable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String, valueName: String)
    case unexpectedValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case missingArgument(String)
    case unexpectedArgument(String)
    case invalid(String)

    var description: String {
        switch self {
        case .unknownCommand(let name):
            "unknown command '\(name)'; run 'flatbed --help' for the list"
        case .unknownOption(let name, let suggestion):
            "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingValue(let option, let valueName):
            "option '\(option)' needs a value (\(valueName))"
        case .unexpectedValue(let option):
            "option '\(option)' takes no value"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '\(option)': expected \(expected)"
        case .missingArgument(let what):
            "missing \(what)"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)'"
        case .invalid(let message):
            message
        }
    }
}
