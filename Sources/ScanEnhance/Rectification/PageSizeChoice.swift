/// Which physical page shape the rectified output takes.
public enum PageSizeChoice: Sendable, Hashable, CustomStringConvertible {
    /// The shape estimated from the corners, snapped to a catalogue size (A4, Letter, Legal,
    /// ID-1) when within the snap tolerance.
    case auto
    /// The shape estimated from the corners, never snapped; the physical size stays unknown.
    case fit
    /// This paper size, portrait or landscape as the corners suggest.
    case paper(PaperSize)

    /// Parses a command-line value: `auto`, `fit` or a paper name (`a4`, `a5`, `letter`,
    /// `legal`, `id-1`), ignoring case; nil for anything else.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "auto": self = .auto
        case "fit": self = .fit
        default:
            guard let paper = PaperSize.named(argument) else { return nil }
            self = .paper(paper)
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .fit: "fit"
        case .paper(let paper): paper.name
        }
    }
}
