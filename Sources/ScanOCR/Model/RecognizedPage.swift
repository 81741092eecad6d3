/// One recognised word: its text, where it is and how sure the engine is.
public struct RecognizedWord: Sendable, Hashable, Codable {
    /// The word as Unicode text, without surrounding spaces.
    public var text: String
    /// Its box in page pixels.
    public var box: TextBox
    /// The engine's confidence, 0…100.
    public var confidence: Double

    /// Creates a word.
    public init(text: String, box: TextBox, confidence: Double) {
        self.text = text
        self.box = box
        self.confidence = confidence
    }
}

/// A line of words in reading order.
public struct RecognizedLine: Sendable, Hashable, Codable {
    /// The line's box in page pixels.
    public var box: TextBox
    /// Its words, left to right for left-to-right scripts.
    public var words: [RecognizedWord]

    /// Creates a line.
    public init(box: TextBox, words: [RecognizedWord]) {
        self.box = box
        self.words = words
    }

    /// The words joined by single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
}

/// A paragraph: lines that belong together.
public struct RecognizedParagraph: Sendable, Hashable, Codable {
    /// The paragraph's box in page pixels.
    public var box: TextBox
    /// Its lines, top to bottom.
    public var lines: [RecognizedLine]

    /// Creates a paragraph.
    public init(box: TextBox, lines: [RecognizedLine]) {
        self.box = box
        self.lines = lines
    }
}

/// Everything recognised on one page, in reading order.
public struct RecognizedPage: Sendable, Hashable, Codable {
    /// The page's width in pixels.
    public var width: Int
    /// The page's height in pixels.
    public var height: Int
    /// The resolution the engine was told, if any.
    public var dpi: Double?
    /// The paragraphs, in reading order.
    public var paragraphs: [RecognizedParagraph]

    /// Creates a page.
    public init(width: Int, height: Int, dpi: Double? = nil, paragraphs: [RecognizedParagraph]) {
        self.width = width
        self.height = height
        self.dpi = dpi
        self.paragraphs = paragraphs
    }

    /// All lines, in reading order.
    public var lines: [RecognizedLine] { paragraphs.flatMap(\.lines) }

    /// All words, in reading order.
    public var words: [RecognizedWord] { paragraphs.flatMap { $0.lines.flatMap(\.words) } }
}
