import ScanPipeline

/// The options that say how a page is made, shared by `scan` and `rectify`.
enum PageOptions {
    static let specs: [OptionSpec] = [
        OptionSpec("--mode", value: "MODE", help: "color, gray, bw (black and white), photo (no enhancement) or auto (default: color)."),
        OptionSpec("--bw-bias", value: "B", help: "Black-and-white threshold bias from -1 (lighter) to 1 (darker) (default: 0)."),
        OptionSpec("--no-rotate", help: "Keep the page as photographed instead of turning the text upright."),
        OptionSpec("--no-deskew", help: "Keep small text tilts instead of straightening them."),
        OptionSpec("--dpi", value: "N", help: "Output resolution, 50…1200 (default: what the photo holds, at most 300)."),
        OptionSpec("--page-size", value: "SIZE", help: "auto (snap to A4/Letter/Legal/ID-1 when close), a4, letter, legal, id-1, or fit (default: auto)."),
        OptionSpec("--jpeg-quality", value: "Q", help: "JPEG quality of colour and gray pages, 1…100 (default: 85)."),
    ]

    /// Reads the page options into scan options.
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> ScanOptions {
        var options = ScanOptions()
        let modes = ColorMode.allCases.map(\.rawValue)
        options.colorMode = ColorMode(rawValue: try arguments.choice("--mode", from: modes, default: options.colorMode.rawValue))!
        if let text = arguments.value("--bw-bias") {
            guard let bias = Double(text), (-1...1).contains(bias) else {
                throw .invalidValue(option: "--bw-bias", value: text, expected: "a number from -1 to 1")
            }
            options.enhancement.bwBias = bias
        }
        options.enhancement.autoRotate = !arguments.has("--no-rotate")
        options.enhancement.deskew = !arguments.has("--no-deskew")
        options.dpi = try arguments.integer("--dpi", in: 50...1200).map(Double.init)
        options.pageSize = PageSizeChoice(argument: try arguments.choice("--page-size", from: PageSizeChoice.arguments, default: "auto"))!
        options.jpegQuality = try arguments.integer("--jpeg-quality", in: 1...100, default: options.jpegQuality)!
        return options
    }
}
