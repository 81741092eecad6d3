import ScanCodecs
import ScanCore
import ScanOCR

/// `flatbed ocr`: the text of page images, as plain text, hOCR or JSON.
enum OCRCommand: Command {
    static let name = "ocr"
    static let abstract = "Recognise the text of page images (plain text, hOCR or JSON)."
    static let usage = "<image>... [--format text|hocr|json] [--lang L] [options]"
    static let options: [OptionSpec] = [
        OptionSpec("--format", value: "FORMAT", help: "text (default; form feed between images), hocr, or json (one line per image)."),
        OptionSpec("--lang", value: "L", help: "Tesseract languages joined by '+', e.g. eng+deu (default: eng)."),
        OptionSpec("--tessdata", value: "DIR", help: "Folder holding <lang>.traineddata (default: TESSDATA_PREFIX or the system folder)."),
        OptionSpec("--dpi", value: "N", help: "The images' resolution, 50…1200 (default: 300)."),
    ]
    static let discussion = """
        The images are read as given (already flat pages); use `flatbed scan --ocr` for photos.
        Missing languages name the Debian package to install (tesseract-ocr-<lang>).

        EXAMPLES:
          flatbed ocr page.png
          flatbed ocr letter-1.jpg letter-2.jpg --lang eng+deu --format json
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let inputs = arguments.positionals
        guard !inputs.isEmpty else { throw UsageError.missingArgument("images") }
        let format = try arguments.choice("--format", from: ["text", "hocr", "json"], default: "text")
        let dpi = Double(try arguments.integer("--dpi", in: 50...1200, default: 300)!)
        let options = try OCROptions(languageList: arguments.value("--lang") ?? "eng",
                                     tessdataFolder: arguments.value("--tessdata"))
        let recognizer = try TesseractRecognizer(options: options)

        var pages: [RecognizedPage] = [], names: [String] = []
        var failures = 0
        for (index, input) in inputs.enumerated() {
            console.progress(index, of: inputs.count, input)
            do {
                let image = try ImageFile.read(path: input, as: Gray8.self).image
                let page = try recognizer.recognize(image, dpi: dpi)
                if format == "json" { console.output(page.jsonLine(name: input)) }
                pages.append(page)
                names.append(input)
            } catch {
                failures += 1
                console.error(ScanCommand.message(error, input: input))
            }
        }
        console.endProgress()
        switch format {
        case "text" where !pages.isEmpty:
            console.output(String(RecognizedPage.plainText(of: pages).dropLast()))
        case "hocr" where !pages.isEmpty:
            console.output(RecognizedPage.hOCR(pages, names: names, languages: options.languageList))
        default:
            break
        }
        return failures == 0 ? 0 : 1
    }
}
