/// The options and positional arguments of one command line, checked against the command's specs.
struct ParsedArguments: Sendable {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Parses `arguments` (without the program and subcommand names). Accepts `--name value`,
    /// `--name=value`, `-o value`, and `--` to end options.
    /// - Throws: `UsageError` for an unknown option, a missing value, or a value given to a flag.
    init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        var byName: [String: OptionSpec] = [:]
        for spec in options + [.help] {
            for name in spec.names { byName[name] = spec }
        }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let spec = byName[name] else {
                throw .unknownOption(name, suggestion: Self.closest(to: name, in: Array(byName.keys)))
            }
            if spec.valueName == nil {
                if inlineValue != nil { throw .unexpectedValue(option: name) }
                flags.insert(spec.key)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(option: name, valueName: spec.valueName ?? "VALUE")
            }
            values[spec.key, default: []].append(value)
        }
    }

    /// True when the flag was given.
    func has(_ key: String) -> Bool { flags.contains(key) }

    /// The last value given for an option, or nil.
    func value(_ key: String) -> String? { values[key]?.last }

    /// The value of an option parsed as an integer in `range`, or `defaultValue` when absent.
    func integer(_ key: String, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws(UsageError) -> Int? {
        guard let text = value(key) else { return defaultValue }
        guard let number = Int(text), range.contains(number) else {
            throw .invalidValue(option: key, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// The value of an option that must be one of `choices`, or `defaultValue` when absent.
    func choice(_ key: String, from choices: [String], default defaultValue: String) throws(UsageError) -> String {
        guard let text = value(key) else { return defaultValue }
        guard choices.contains(text) else {
            throw .invalidValue(option: key, value: text, expected: "one of " + choices.joined(separator: ", "))
        }
        return text
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The known name with the smallest edit distance, when it is close enough to be a typo.
    private static func closest(to name: String, in names: [String]) -> String? {
        let scored = names.filter { $0.hasPrefix("--") }.map { ($0, editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }), best.1 <= 2 else { return nil }
        return best.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
