import Foundation

extension RecognizedPage {
    /// The page as one line of JSON: `width`, `height`, `dpi` and `paragraphs` → `lines` → `words`,
    /// each with a `box` of `x`, `y`, `width`, `height` in pixels; words carry `text` and `confidence`.
    ///
    /// - Parameter name: the source image, stored as `image` when given.
    public func jsonLine(name: String? = nil) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let document = Document(image: name, page: self)
        // Encoding plain structs of strings and numbers cannot fail.
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads a page back from `jsonLine()`'s output.
    ///
    /// - Throws: `DecodingError` from Foundation when the text is not such a page.
    public init(jsonLine: String) throws {
        self = try JSONDecoder().decode(Document.self, from: Data(jsonLine.utf8)).page
    }

    private struct Document: Codable {
        var image: String?
        var page: RecognizedPage

        init(image: String?, page: RecognizedPage) {
            self.image = image
            self.page = page
        }

        enum CodingKeys: String, CodingKey { case image }

        init(from decoder: any Decoder) throws {
            image = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .image)
            page = try RecognizedPage(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            try page.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(image, forKey: .image)
        }
    }
}
