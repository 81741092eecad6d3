/// A page's content stream, built from drawing operators in compact syntax.
///
/// A page draws its image, then, with OCR, an invisible text layer (`BT`, `3 Tr`, `Tf`, `Tm`, `Tj`;
/// see `PDFWriter+Text.swift`).
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
        appendLine(Array(operators.utf8))
    }

    /// Appends operators on a new line.
    mutating func appendLine(_ operators: [UInt8]) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        bytes += operators
    }
}
