/// Writes a PDF 1.4 document page by page to a byte sink, without holding the document in memory.
///
/// Objects go to the sink as soon as a page arrives; the writer keeps only their byte offsets and
/// the page object numbers, and writes the page tree, cross-reference table and trailer in `finish()`.
///
/// ```swift
/// var writer = PDFWriter(sink: fileSink, info: PDFDocumentInfo(title: "Receipt", producer: "Flatbed 0.1.0"))
/// try writer.addPage(image: .jpeg(bytes: jpeg, width: 2480, height: 3508, components: 3), size: .dpi(300))
/// try writer.finish()
/// ```
///
/// Object numbers: 1 is the catalog, 2 the page tree (reserved up front so pages can point at it
/// before it is written), 3 the information dictionary; each page then takes its image, its content
/// stream (unless the previous page's is identical and shared) and the page object. Errors thrown by
/// the sink are wrapped in `PDFError.sinkFailed`, after which the writer refuses further work.
public struct PDFWriter<Sink: PDFByteSink> {
    /// The sink, e.g. to take a `PDFMemorySink`'s bytes after `finish()`.
    public private(set) var sink: Sink
    /// The information dictionary written with the document.
    public let info: PDFDocumentInfo
    /// Pages added so far.
    public var pageCount: Int { pageObjects.count }
    /// Bytes handed to the sink so far.
    public private(set) var bytesWritten = 0

    private enum State: Equatable { case notStarted, writing, finished, failed(String) }

    /// The catalog's object number.
    let catalogObject = 1
    /// The page tree's object number, reserved before any page is written.
    let pagesObject = 2
    /// The information dictionary's object number.
    let infoObject = 3

    private var state = State.notStarted
    /// Byte offset of each object, indexed by object number − 1; `nil` while reserved but unwritten.
    private var offsets: [Int?] = []
    private var pageObjects: [Int] = []
    private var fingerprint = DocumentFingerprint()
    /// The last content stream written, reused by the next page when identical (same layout, no text).
    private var previousContents: (bytes: [UInt8], object: Int)?
    /// The text layer's font, once a page has text.
    var textFont: PDFTextFont?

    /// Creates a writer; nothing is written until the first page (or `finish()`).
    ///
    /// - Parameters:
    ///   - sink: where the bytes go, in order.
    ///   - info: title, producer, dates and so on for the document information dictionary.
    public init(sink: Sink, info: PDFDocumentInfo = PDFDocumentInfo()) {
        self.sink = sink
        self.info = info
    }

    // MARK: - Pages

    /// Appends a page showing `image`, and writes its objects to the sink at once.
    ///
    /// - Parameters:
    ///   - image: the page's picture (JPEG or CCITT G4 passed through, or lossless pixels).
    ///   - size: `.dpi(d)` sizes the page from the pixels; `.points(width:height:)` fits and centres
    ///     the image on a fixed page.
    ///   - text: words to lay invisibly over the image (an OCR text layer), boxes in image pixels;
    ///     empty for none.
    /// - Throws: `PDFError` for an invalid image or page size (nothing is written then),
    ///   `.sinkFailed` when the sink throws, `.alreadyFinished` after `finish()`.
    public mutating func addPage(image: PDFImage, size: PDFPageSize, text: [PDFTextWord] = []) throws {
        try checkWritable()
        try image.validate()
        let layout = try PDFPageLayout(pixelWidth: image.width, pixelHeight: image.height, size: size)
        try startIfNeeded()

        let imageObject = allocateObject()
        try writeImage(image, as: imageObject)

        // The image is named in the page's own resources, so pages laid out alike share one content stream.
        let imageName = "I"
        var contents = PDFContentStream()
        contents.drawImage(named: imageName, x: layout.imageX, y: layout.imageY,
                           width: layout.imageWidth, height: layout.imageHeight)
        var fontResource = ""
        if !text.isEmpty {
            fontResource = "/Font<</\(Self.textFontName) \(PDFSyntax.reference(try textFontObject()))>>"
            appendText(text, to: &contents, layout: layout, pixelWidth: image.width, pixelHeight: image.height)
        }
        let contentsObject: Int
        if let previous = previousContents, previous.bytes == contents.bytes {
            contentsObject = previous.object
        } else {
            contentsObject = allocateObject()
            try writeStream(contentsObject, dictionary: "", bytes: contents.bytes)
            previousContents = (contents.bytes, contentsObject)
        }

        let pageObject = allocateObject()

        let n = PDFSyntax.number
        try writeObject(pageObject, "<</Type/Page/Parent \(PDFSyntax.reference(pagesObject))"
            + "/MediaBox[0 0 \(n(layout.pageWidth)) \(n(layout.pageHeight))]"
            + "/Resources<</XObject<</\(imageName) \(PDFSyntax.reference(imageObject))>>\(fontResource)>>"
            + "/Contents \(PDFSyntax.reference(contentsObject))>>")
        pageObjects.append(pageObject)
    }

    // MARK: - Finishing

    /// Writes the page tree, cross-reference table and trailer; the document is complete afterwards.
    ///
    /// - Returns: the document's total size in bytes.
    /// - Throws: `PDFError.noPages` when no page was added (nothing is written and pages may still be
    ///   added), `.alreadyFinished` on a second call, `.sinkFailed` when the sink throws.
    @discardableResult
    public mutating func finish() throws -> Int {
        try checkWritable()
        guard !pageObjects.isEmpty else { throw PDFError.noPages }
        try finishTextFont()
        let kids = pageObjects.map(PDFSyntax.reference).joined(separator: " ")
        try writeObject(pagesObject, "<</Type/Pages/Kids[\(kids)]/Count \(pageObjects.count)>>")

        let xrefOffset = bytesWritten
        try emit(Self.crossReferenceTable(offsets: offsets.map { offset in
            guard let offset else { preconditionFailure("object reserved but never written") }
            return offset
        }))
        let id = PDFSyntax.hexString(fingerprint.digest)
        var trailer: [UInt8] = []
        trailer.append(pdf: "trailer\n<</Size \(offsets.count + 1)/Root \(PDFSyntax.reference(catalogObject))")
        trailer.append(pdf: "/Info \(PDFSyntax.reference(infoObject))/ID[")
        trailer += id + id
        trailer.append(pdf: "]>>\nstartxref\n\(xrefOffset)\n%%EOF\n")
        try emit(trailer)
        state = .finished
        return bytesWritten
    }

    /// The `xref` section: one subsection from object 0, each entry exactly 20 bytes.
    static func crossReferenceTable(offsets: [Int]) -> [UInt8] {
        var table: [UInt8] = []
        table.reserveCapacity(20 * (offsets.count + 1) + 16)
        table.append(pdf: "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n")
        for offset in offsets {
            let digits = String(offset)
            precondition(digits.count <= 10, "offset beyond the 10-digit xref limit")
            table.append(pdf: String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n")
        }
        return table
    }

    // MARK: - Objects (shared with the extensions that write images and, later, fonts)

    /// Reserves the next object number; it must be written before `finish()`.
    mutating func allocateObject() -> Int {
        offsets.append(nil)
        return offsets.count
    }

    /// Writes `number 0 obj <body> endobj`.
    mutating func writeObject(_ number: Int, _ body: String) throws {
        try writeObject(number, bytes: Array(body.utf8))
    }

    /// Writes `number 0 obj <body> endobj` for a body that is already bytes.
    mutating func writeObject(_ number: Int, bytes body: [UInt8]) throws {
        recordOffset(of: number)
        try emit(objectHeader(number) + body + Array("\nendobj\n".utf8))
    }

    /// Writes a stream object whose data is already in memory (content streams, small tables).
    ///
    /// - Parameter dictionary: the stream dictionary's entries without `<<`, `>>` and `/Length`.
    mutating func writeStream(_ number: Int, dictionary: String, bytes: [UInt8]) throws {
        try writeStream(number, dictionary: dictionary, length: bytes.count) { writer in try writer.emit(bytes) }
    }

    /// Writes a stream object whose `length` data bytes `body` emits, so large data is never copied.
    mutating func writeStream(_ number: Int, dictionary: String, length: Int,
                              body: (inout Self) throws -> Void) throws {
        recordOffset(of: number)
        var head = objectHeader(number)
        head.append(pdf: "<<\(dictionary)/Length \(length)>>stream\n")
        try emit(head)
        let start = bytesWritten
        try body(&self)
        precondition(bytesWritten - start == length, "stream body wrote \(bytesWritten - start) bytes, declared \(length)")
        try emit(Array("\nendstream\nendobj\n".utf8))
    }

    /// Sends bytes to the sink, counting and fingerprinting them; wraps and remembers sink failures.
    mutating func emit(_ bytes: some Collection<UInt8>) throws {
        do {
            try sink.write(bytes)
        } catch {
            let reason = String(describing: error)
            state = .failed(reason)
            throw PDFError.sinkFailed(reason)
        }
        fingerprint.update(bytes)
        bytesWritten += bytes.count
    }

    // MARK: - State

    private func objectHeader(_ number: Int) -> [UInt8] {
        Array("\(number) 0 obj\n".utf8)
    }

    private mutating func recordOffset(of number: Int) {
        precondition(offsets[number - 1] == nil, "object \(number) written twice")
        offsets[number - 1] = bytesWritten
    }

    private func checkWritable() throws {
        switch state {
        case .notStarted, .writing: return
        case .finished: throw PDFError.alreadyFinished
        case .failed(let reason): throw PDFError.writerFailed(reason)
        }
    }

    /// Header, catalog and information dictionary; the page tree's number is reserved here.
    private mutating func startIfNeeded() throws {
        guard state == .notStarted else { return }
        state = .writing
        let catalog = allocateObject(), pages = allocateObject(), infoNumber = allocateObject()
        precondition(catalog == catalogObject && pages == pagesObject && infoNumber == infoObject)
        // The comment line of bytes ≥ 128 tells transfer tools the file is binary.
        try emit([UInt8]("%PDF-1.4\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
        try writeObject(catalogObject, "<</Type/Catalog/Pages \(PDFSyntax.reference(pagesObject))>>")
        try writeObject(infoObject, bytes: info.dictionary)
    }
}

extension PDFWriter: Sendable where Sink: Sendable {}
