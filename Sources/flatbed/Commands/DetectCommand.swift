import ScanPipeline

/// `flatbed detect`: the page's corners in each photo.
enum DetectCommand: Command {
    static let name = "detect"
    static let abstract = "Find the document's four corners in each photo."
    static let usage = "<image>... [--json] [--debug DIR]"
    static let options: [OptionSpec] = [
        OptionSpec("--json", help: "One JSON object per line and image: image, corners (or null), confidence, detect_ms."),
        OptionSpec("--debug", value: "DIR", help: "Write an overlay per image to DIR: the chosen quad and the top rejected ones."),
        OptionSpec("--repeat", value: "N", help: "Detect N times per image and report the median detect_ms (for benchmarks; default 1)."),
    ]
    static let discussion = """
        Corners are pixel coordinates [x, y] in the photo as a person sees it (EXIF orientation
        applied), origin at the top-left pixel's corner, in the order top-left, top-right,
        bottom-right, bottom-left. detect_ms times detection alone on the decoded photo.
        A photo that can't be read is reported and the others go on; the exit status is then 1.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let inputs = arguments.positionals
        guard !inputs.isEmpty else { throw UsageError.missingArgument("images") }
        let json = arguments.has("--json")
        let debugFolder = arguments.value("--debug")
        if let debugFolder { try PageFinder.prepareDebugFolder(debugFolder) }
        let repeats = try arguments.integer("--repeat", in: 1...1000, default: 1)!
        let finder = PageFinder()
        var failures = 0
        for (index, input) in inputs.enumerated() {
            console.progress(index, of: inputs.count, input)
            let result = finder.find(in: input, debugFolder: debugFolder, repeats: repeats)
            if result.error != nil { failures += 1 }
            if json {
                console.output(result.jsonLine)
            } else if let error = result.error {
                console.error(ScanCommand.message(error, input: input))
            } else {
                console.output(result.humanLine)
            }
        }
        console.endProgress()
        return failures == 0 ? 0 : 1
    }
}
