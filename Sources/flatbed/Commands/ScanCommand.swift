import ScanPipeline

/// `flatbed scan`: photos in, one document out.
enum ScanCommand: Command {
    static let name = "scan"
    static let abstract = "Find the page in each photo, straighten it and write one document."
    static let usage = "<input>... -o <output> [options]"
    static let options: [OptionSpec] = [
        OptionSpec("--output", "-o", value: "FILE", help: "Output: .pdf (one page per input), or .jpg/.png (one file per page: name-1.jpg, …)."),
        OptionSpec("--mode", value: "MODE", help: "Colour mode: color or gray (default: color)."),
        OptionSpec("--dpi", value: "N", help: "Output resolution, 50…1200 (default: what the photo holds, at most 300)."),
        OptionSpec("--page-size", value: "SIZE", help: "auto (snap to A4/Letter/Legal/ID-1 when close), a4, letter, legal, id-1, or fit (default: auto)."),
        OptionSpec("--corners", value: "FILE", help: "Corners per input instead of detection, as `flatbed detect --json` prints them."),
        OptionSpec("--jpeg-quality", value: "Q", help: "JPEG quality of the pages, 1…100 (default: 85)."),
        OptionSpec("--title", value: "TEXT", help: "Document title stored in the PDF (default: the output's file name)."),
        OptionSpec("--threads", value: "N", help: "Worker threads (default: one per core)."),
        OptionSpec("--json", help: "Print one JSON line per page with its corners and size."),
    ]
    static let discussion = """
        An input where no document is found keeps the whole photo as its page, with a warning.
        An input that can't be read is reported and skipped; the other pages are still written and
        the exit status is 1. Files are written atomically: an existing output is replaced only
        when the new one is complete.

        EXAMPLES:
          flatbed scan receipt.jpg letter*.heic -o scans.pdf
          flatbed scan page.jpg --corners corners.jsonl --page-size a4 --dpi 200 -o page.png
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let inputs = arguments.positionals
        guard !inputs.isEmpty else { throw UsageError.missingArgument("input photos") }
        guard let output = arguments.value("--output") else { throw UsageError.missingArgument("-o/--output FILE") }
        var options = ScanOptions()
        options.colorMode = try ColorMode(rawValue: arguments.choice("--mode", from: ColorMode.allCases.map(\.rawValue), default: "color"))!
        options.dpi = try arguments.integer("--dpi", in: 50...1200).map(Double.init)
        options.pageSize = try PageSizeChoice(argument: arguments.choice("--page-size", from: PageSizeChoice.arguments, default: "auto"))!
        options.jpegQuality = try arguments.integer("--jpeg-quality", in: 1...100, default: options.jpegQuality)!
        options.threads = try arguments.integer("--threads", in: 1...256)
        options.title = arguments.value("--title")
        let corners = try arguments.value("--corners").map { try CornersFile(contentsOf: $0) }
        let target = try OutputTarget(path: output)

        let json = arguments.has("--json")
        var failures = 0
        let report = ScanJob(inputs: inputs, corners: corners, options: options).run(into: target) { event in
            switch event {
            case .started(let index, let input):
                console.progress(index, of: inputs.count, input)
            case .finished(_, let page):
                if page.source == .wholePhoto {
                    console.warning("\(page.input): no document found; keeping the whole photo as its page")
                }
                if json { console.output(page.jsonLine) }
            case .failed(_, let input, let error):
                failures += 1
                console.error(Self.message(error, input: input))
            }
        }
        console.endProgress()
        switch report {
        case .success(let written):
            for path in written where !json { console.note("wrote \(path)") }
            return failures == 0 ? 0 : 1
        case .failure(let error):
            console.error(error.description)
            return 1
        }
    }

    /// Prefixes the input's name unless the message already starts with it.
    static func message(_ error: any Error, input: String) -> String {
        let text = "\(error)"
        return text.hasPrefix(input) ? text : "\(input): \(text)"
    }
}
