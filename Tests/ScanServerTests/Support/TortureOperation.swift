import Foundation
import ScanTestSupport

/// A photo the torture script uploads, with what the detector finds in it (learnt once from
/// `/api/detect`, which runs the same detector as an upload).
struct TorturePhoto: Sendable {
    let bytes: [UInt8]
    let width: Int
    let height: Int
    let detectedCorners: [Int]?
    let confidence: Int
}

/// One step of the kill -9 torture script: the request it sends, the status that means success,
/// and the state it leaves when it lands.
enum TortureOperation: Sendable, CustomStringConvertible {
    case upload(photo: Int)
    /// `PATCH` with some of corners (`.some(nil)` = whole photo), rotation and mode.
    case edit(page: String, corners: [Int]??, rotation: Int?, mode: String?)
    /// A `PATCH` the server must refuse (rotation 45) without changing anything.
    case badEdit(page: String)
    case reorder([String])
    case delete(page: String)
    case retake(page: String, photo: Int)
    case settings(minimumIoU: Int?, frameCount: Int?, maximumAreaChange: Int?, autoCapture: Bool?)
    case export(format: String)

    static let modes = ["color", "gray", "bw", "auto", "photo"]
    static let ious = [5000, 6000, 7500, 8500, 9500]
    static let areaChanges = [200, 500, 1000, 2000, 3000]
    /// Most pages the script lets a session grow to (uploads become deletes beyond it).
    static let pageLimit = 6

    var description: String {
        switch self {
        case .upload(let photo): "upload photo \(photo)"
        case .edit(let page, let corners, let rotation, let mode):
            "edit \(page.prefix(6)) corners \(corners.map { $0.map { "\($0)" } ?? "null" } ?? "-") rotation \(rotation.map(String.init) ?? "-") mode \(mode ?? "-")"
        case .badEdit(let page): "bad edit \(page.prefix(6))"
        case .reorder(let ids): "reorder \(ids.map { $0.prefix(6) })"
        case .delete(let page): "delete \(page.prefix(6))"
        case .retake(let page, let photo): "retake \(page.prefix(6)) with photo \(photo)"
        case .settings(let iou, let frames, let area, let auto):
            "settings iou \(iou.map(String.init) ?? "-") frames \(frames.map(String.init) ?? "-") area \(area.map(String.init) ?? "-") auto \(auto.map(String.init) ?? "-")"
        case .export(let format): "export \(format)"
        }
    }

    /// A short name for timing statistics.
    var kind: String { String(description.prefix { $0 != " " }) }

    // MARK: - Making the script

    /// Draws the next operation. It always consumes the same amount of randomness whatever it
    /// picks, so the script after an ambiguous (killed) request differs only where the state does.
    static func next(using generator: inout SeededGenerator, model: SessionModel, photos: [TorturePhoto]) -> TortureOperation {
        let rolls = (0..<6).map { _ in generator.next() }
        let pages = model.pages
        func pick<T>(_ values: [T], _ roll: UInt64) -> T { values[Int(roll % UInt64(values.count))] }
        var kind = Int(rolls[0] % 100)
        if pages.isEmpty && kind >= 22 { kind = 0 }
        if pages.count >= pageLimit && kind < 22 { kind = 70 }
        let page = pages.isEmpty ? nil : pick(pages, rolls[1])
        switch kind {
        case 0..<22:
            return .upload(photo: Int(rolls[1] % UInt64(photos.count)))
        case 22..<50:
            let page = page!
            let fields = 1 + rolls[2] % 7  // a non-empty subset of the three fields
            var corners: [Int]?? = nil
            if fields & 1 != 0 {
                corners = rolls[3] % 5 == 0 ? .some(nil) : .some(insetQuad(width: page.width, height: page.height, roll: rolls[3]))
            }
            let rotation = fields & 2 != 0 ? pick([0, 90, 180, 270], rolls[4]) : nil
            let mode = fields & 4 != 0 ? pick(modes, rolls[5]) : nil
            return .edit(page: page.id, corners: corners, rotation: rotation, mode: mode)
        case 50..<54:
            return .badEdit(page: page!.id)
        case 54..<66:
            var shuffler = SeededGenerator(seed: rolls[2])
            return .reorder(model.pageIDs.shuffled(using: &shuffler))
        case 66..<76:
            return .delete(page: page!.id)
        case 76..<86:
            return .retake(page: page!.id, photo: Int(rolls[2] % UInt64(photos.count)))
        case 86..<95:
            let iou = rolls[2] % 2 == 0 ? pick(ious, rolls[2] >> 8) : nil
            let frames = rolls[3] % 2 == 0 ? 1 + Int((rolls[3] >> 8) % 8) : nil
            let area = rolls[4] % 2 == 0 ? pick(areaChanges, rolls[4] >> 8) : nil
            let onlyAuto = iou == nil && frames == nil && area == nil
            let auto = rolls[5] % 2 == 0 || onlyAuto ? (rolls[5] >> 8) % 2 == 0 : nil
            return .settings(minimumIoU: iou, frameCount: frames, maximumAreaChange: area, autoCapture: auto)
        default:
            return .export(format: rolls[2] % 2 == 0 ? "pdf" : "zip")
        }
    }

    /// Whole-pixel corners, one in each corner fifth of a `width × height` photo: always a convex
    /// page inside the photo.
    static func insetQuad(width: Int, height: Int, roll: UInt64) -> [Int] {
        var generator = SeededGenerator(seed: roll)
        func inset(_ side: Int) -> Int { Int(generator.next() % UInt64(max(1, side / 5))) }
        let points = [
            (inset(width), inset(height)), (width - inset(width), inset(height)),
            (width - inset(width), height - inset(height)), (inset(width), height - inset(height)),
        ]
        return points.flatMap { [$0.0 * 100, $0.1 * 100] }
    }

    // MARK: - Running it

    /// Sends the request.
    func send(_ client: RawHTTPClient, session: String, photos: [TorturePhoto]) throws -> RawHTTPClient.Reply {
        let base = "/api/sessions/\(session)"
        let jpeg = ["Content-Type": "image/jpeg"]
        switch self {
        case .upload(let photo):
            return try client.send("POST", base + "/pages", headers: jpeg, body: photos[photo].bytes)
        case .edit(let page, let corners, let rotation, let mode):
            var members: [String] = []
            if let corners {
                members.append("\"corners\": " + (corners.map(Self.cornersJSON) ?? "null"))
            }
            if let rotation { members.append("\"rotation\": \(rotation)") }
            if let mode { members.append("\"mode\": \"\(mode)\"") }
            return try client.send("PATCH", base + "/pages/\(page)", body: Array(("{" + members.joined(separator: ", ") + "}").utf8))
        case .badEdit(let page):
            return try client.send("PATCH", base + "/pages/\(page)", body: Array(#"{"rotation": 45, "mode": "gray"}"#.utf8))
        case .reorder(let ids):
            let list = ids.map { "\"\($0)\"" }.joined(separator: ", ")
            return try client.send("PUT", base + "/order", body: Array("{\"pages\": [\(list)]}".utf8))
        case .delete(let page):
            return try client.send("DELETE", base + "/pages/\(page)")
        case .retake(let page, let photo):
            return try client.send("PUT", base + "/pages/\(page)/photo", headers: jpeg, body: photos[photo].bytes)
        case .settings(let iou, let frames, let area, let auto):
            var members: [String] = []
            if let iou { members.append("\"minimumIoU\": \(Double(iou) / 10_000)") }
            if let frames { members.append("\"frameCount\": \(frames)") }
            if let area { members.append("\"maximumAreaChange\": \(Double(area) / 10_000)") }
            if let auto { members.append("\"autoCapture\": \(auto)") }
            return try client.send("PUT", base + "/settings", body: Array(("{" + members.joined(separator: ", ") + "}").utf8))
        case .export(let format):
            return try client.send("GET", base + "/export?format=\(format)")
        }
    }

    /// The status a correct server answers with.
    var successStatus: Int {
        switch self {
        case .upload: 201
        case .delete: 204
        case .badEdit: 400
        case .edit, .reorder, .retake, .settings, .export: 200
        }
    }

    /// The state after this operation lands on `model`. A new page's id and creation time come
    /// from `reply` when there is one, and are left empty (to be matched against anything new)
    /// when the request was cut off by the kill.
    func applied(to model: SessionModel, reply: RawHTTPClient.Reply?, photos: [TorturePhoto]) -> SessionModel {
        var model = model
        switch self {
        case .upload(let photo):
            let answered = SessionModel.page(json: reply?.json)
            let photo = photos[photo]
            model.pages.append(SessionModel.PageState(
                id: answered?.id ?? "", corners: photo.detectedCorners, detectedCorners: photo.detectedCorners, rotation: 0,
                mode: "color", width: photo.width, height: photo.height, confidence: photo.confidence,
                createdAt: answered?.createdAt ?? ""))
        case .edit(let page, let corners, let rotation, let mode):
            guard let index = model.index(of: page) else { break }
            if let corners { model.pages[index].corners = corners }
            if let rotation { model.pages[index].rotation = rotation }
            if let mode { model.pages[index].mode = mode }
        case .badEdit, .export:
            break
        case .reorder(let ids):
            model.pages = ids.compactMap { id in model.pages.first { $0.id == id } }
        case .delete(let page):
            model.pages.removeAll { $0.id == page }
        case .retake(let page, let photo):
            guard let index = model.index(of: page) else { break }
            let photo = photos[photo]
            model.pages[index].width = photo.width
            model.pages[index].height = photo.height
            model.pages[index].corners = photo.detectedCorners
            model.pages[index].detectedCorners = photo.detectedCorners
            model.pages[index].confidence = photo.confidence
            model.pages[index].rotation = 0
        case .settings(let iou, let frames, let area, let auto):
            if let iou { model.settings.minimumIoU = iou }
            if let frames { model.settings.frameCount = frames }
            if let area { model.settings.maximumAreaChange = area }
            if let auto { model.settings.autoCapture = auto }
        }
        return model
    }

    private static func cornersJSON(_ corners: [Int]) -> String {
        let points = stride(from: 0, to: 8, by: 2).map { "[\(Double(corners[$0]) / 100), \(Double(corners[$0 + 1]) / 100)]" }
        return "[" + points.joined(separator: ", ") + "]"
    }
}
