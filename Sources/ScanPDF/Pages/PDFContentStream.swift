/// A page's content stream, built from drawing operators in compact syntax.
///
/// Today a page only draws its image; the OCR text layer adds `BT`, `Tf`, `3 Tr` (invisible text),
/// `Tm` and `Tj` operators here, after the image.
struct PDFContentStream {
    /// The operators so far, separated by single spaces or newlines.
    private(set) var bytes: [UInt8] = []

    /// Draws the image XObject `name` into the rectangle (`x`, `y`, `width`, `height`) in points,
    /// inside its own graphics state: `q w 0 0 h x y cm /Name Do Q`.
    mutating func drawImage(named name: String, x: Double, y: Double, width: Double, height: Double) {
        let n = PDFSyntax.number
        append("q \(n(width)) 0 0 \(n(height)) \(n(x)) \(n(y)) cm/\(name) Do Q")
    }

    private mutating func append(_ operators: String) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        bytes.append(pdf: operators)
    }
}
