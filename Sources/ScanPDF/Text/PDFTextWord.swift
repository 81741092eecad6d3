/// A word laid invisibly over the page image, so the page can be searched, selected and copied.
public struct PDFTextWord: Sendable, Hashable {
    /// The word's text, any Unicode.
    public var text: String
    /// Left edge of the word's box, in image pixels from the image's left edge.
    public var x: Double
    /// Top edge of the word's box, in image pixels from the image's top edge (y down, like `Image`).
    public var y: Double
    /// Box width in image pixels; the word is stretched or squeezed to fill it.
    public var width: Double
    /// Box height in image pixels; it becomes the font size.
    public var height: Double

    /// Creates a word over the pixel box (`x`, `y`, `width`, `height`), origin top-left.
    public init(text: String, x: Double, y: Double, width: Double, height: Double) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
