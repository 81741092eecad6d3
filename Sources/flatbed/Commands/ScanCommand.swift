import ScanCodecs
import ScanOCR
import ScanPipeline

/// `flatbed scan`: photos in, one document out.
enum ScanCommand: Command {
    static let name = "scan"
    static let abstract = "Find the page in each photo, straighten it and write one document."
    static let usage = "<input>... -o <output> [options]"
    static let options: [OptionSpec] = [
        OptionSpec("--output", "-o", value: "FILE", help: "Output: .pdf or .tif (one page per input), or .jpg/.png (one file per page: name-1.jpg, …)."),
        OptionSpec("--corners", value: "FILE", help: "Corners per input instead of detection, as `flatbed detect --json` prints them."),
        OptionSpec("--title", value: "TEXT", help: "Document title stored in the PDF (default: the output's file name)."),
        OptionSpec("--threads", value: "N", help: "Worker threads (default: one per core)."),
        OptionSpec("--ocr", help: "Recognise the text: an invisible, searchable text layer in PDFs."),
        OptionSpec("--lang", value: "L", help: "OCR languages joined by '+', e.g. eng+deu (default: eng; implies --ocr)."),
        OptionSpec("--tessdata", value: "DIR", help: "Folder holding <lang>.traineddata (default: TESSDATA_PREFIX or the system folder)."),
        OptionSpec("--sidecar", help: "With --ocr, also write the text to a .txt beside the output (form feed between pages)."),
        OptionSpec("--tiff-compression", value: "C", help: "Gray and colour pages in .tif output: jpeg or deflate (default: jpeg; bw pages are G4)."),
        OptionSpec("--json", help: "Print one JSON line per page with its corners and size."),
    ] + PageOptions.specs
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
        var options = try PageOptions.parse(arguments)
        options.threads = try arguments.integer("--threads", in: 1...256)
        options.title = arguments.value("--title")
        if arguments.has("--ocr") || arguments.value("--lang") != nil || arguments.has("--sidecar") {
            options.ocr = try OCROptions(languageList: arguments.value("--lang") ?? "eng",
                                         tessdataFolder: arguments.value("--tessdata"))
        }
        options.sidecar = arguments.has("--sidecar")
        options.tiffCompression = try TIFFPageWriter.Compression(
            rawValue: arguments.choice("--tiff-compression", from: TIFFPageWriter.Compression.allCases.map(\.rawValue), default: "jpeg"))!
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
                for warning in page.quality.warnings {
                    console.warning("\(page.input): \(warning)")
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
