import ScanPipeline

/// How a page is rendered, as the API names it: the pipeline's colour modes.
public enum PageMode: String, Sendable, CaseIterable {
    case color, gray, bw, auto, photo

    /// The pipeline's colour mode of the same name.
    var colorMode: ColorMode { ColorMode(rawValue: rawValue)! }
}
