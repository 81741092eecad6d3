extension RecognizedPage {
    /// An hOCR 1.2 document (XHTML with `ocr_page`, `ocr_par`, `ocr_line` and `ocrx_word` elements,
    /// `bbox` in pixels and `x_wconf` confidences) for `pages`, as viewers and `hocr-tools` read it.
    ///
    /// - Parameters:
    ///   - pages: the pages, in order.
    ///   - names: each page's source image, stored in its `title` (`image "name"`); may be shorter.
    ///   - languages: the OCR languages, stored in the document's `lang`-free metadata.
    public static func hOCR(_ pages: [RecognizedPage], names: [String] = [], languages: String = "") -> String {
        var html = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
             <head>
              <title></title>
              <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
              <meta name="ocr-system" content="flatbed"/>
              <meta name="ocr-langs" content="\(escaped(languages))"/>
              <meta name="ocr-capabilities" content="ocr_page ocr_par ocr_line ocrx_word"/>
             </head>
             <body>

            """
        var paragraphNumber = 0, lineNumber = 0, wordNumber = 0
        for (index, page) in pages.enumerated() {
            let number = index + 1
            var title = "bbox 0 0 \(page.width) \(page.height); ppageno \(index)"
            if index < names.count { title = "image \"\(names[index])\"; " + title }
            if let dpi = page.dpi { title += "; scan_res \(Int(dpi.rounded())) \(Int(dpi.rounded()))" }
            html += "  <div class=\"ocr_page\" id=\"page_\(number)\" title=\"\(escaped(title))\">\n"
            for paragraph in page.paragraphs {
                paragraphNumber += 1
                html += "   <p class=\"ocr_par\" id=\"par_\(number)_\(paragraphNumber)\" title=\"\(bbox(paragraph.box))\">\n"
                for line in paragraph.lines {
                    lineNumber += 1
                    html += "    <span class=\"ocr_line\" id=\"line_\(number)_\(lineNumber)\" title=\"\(bbox(line.box))\">"
                    for word in line.words {
                        wordNumber += 1
                        let confidence = Int(word.confidence.rounded())
                        html += "\n     <span class=\"ocrx_word\" id=\"word_\(number)_\(wordNumber)\" "
                            + "title=\"\(bbox(word.box)); x_wconf \(confidence)\">\(escaped(word.text))</span>"
                    }
                    html += "\n    </span>\n"
                }
                html += "   </p>\n"
            }
            html += "  </div>\n"
        }
        html += " </body>\n</html>\n"
        return html
    }

    private static func bbox(_ box: TextBox) -> String {
        "bbox \(box.x) \(box.y) \(box.right) \(box.bottom)"
    }

    /// Text escaped for XML content and attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
