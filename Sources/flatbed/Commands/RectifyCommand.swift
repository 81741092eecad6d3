import Foundation
import ScanPipeline

/// `flatbed rectify`: one photo straightened into one image, from given or detected corners.
enum RectifyCommand: Command {
    static let name = "rectify"
    static let abstract = "Straighten one photo's page into an image file."
    static let usage = "<image> -o <output.jpg|.png> [--corners FILE | --quad x,y,x,y,x,y,x,y] [options]"
    static let options: [OptionSpec] = [
        OptionSpec("--output", "-o", value: "FILE", help: "The image to write (.jpg or .png)."),
        OptionSpec("--quad", value: "X,Y,…", help: "The 8 corner coordinates TL, TR, BR, BL, comma-separated."),
        OptionSpec("--corners", value: "FILE", help: "Corners as `flatbed detect --json` prints them."),
    ] + PageOptions.specs
    static let discussion = "Without --quad or --corners the corners are detected."

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let input = arguments.positionals.first else { throw UsageError.missingArgument("an image") }
        if arguments.positionals.count > 1 { throw UsageError.unexpectedArgument(arguments.positionals[1]) }
        guard let output = arguments.value("--output") else { throw UsageError.missingArgument("-o/--output FILE") }
        let target = try OutputTarget(singleImageAt: output)
        let options = try PageOptions.parse(arguments)
        var corners = try arguments.value("--corners").map { try CornersFile(contentsOf: $0) }
        if let quadText = arguments.value("--quad") {
            let numbers = quadText.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 8, numbers.allSatisfy({ $0 != nil }) else {
                throw UsageError.invalidValue(option: "--quad", value: quadText, expected: "8 numbers x,y,x,y,x,y,x,y")
            }
            corners = CornersFile(input: input, coordinates: numbers.map { $0! })
        }
        var failed = false
        let report = ScanJob(inputs: [input], corners: corners, options: options).run(into: target) { event in
            switch event {
            case .started: break
            case .finished(_, let page):
                if page.source == .wholePhoto {
                    console.warning("\(page.input): no document found; keeping the whole photo")
                }
            case .failed(_, let input, let error):
                failed = true
                console.error(ScanCommand.message(error, input: input))
            }
        }
        if case .failure(let error) = report {
            if !failed { console.error(error.description) }
            return 1
        }
        if case .success(let written) = report {
            for path in written { console.note("wrote \(path)") }
        }
        return failed ? 1 : 0
    }
}
