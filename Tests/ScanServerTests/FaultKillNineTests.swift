import Foundation
import ScanCodecs
import ScanCore
import ScanTestSupport
import Testing

/// `flatbed serve` SIGKILLed at seeded random moments of a 200-operation session (uploads, edits,
/// reorders, deletes, retakes, settings, exports) and restarted on the same data folder each time.
///
/// A model of the session is updated only from answered successes. After every restart the
/// session must equal the model exactly, except that a request cut off by the kill may or may not
/// have landed: the state must then equal one of the two, field for field. The database must pass
/// `PRAGMA integrity_check` both as the crash left it and after the restart, and the photo folder
/// must hold exactly one file per page.
///
/// `FLATBED_FAULT_SEED` replays a failing seed (printed with every failure); `FLATBED_FAULT_OPS`
/// runs a longer or shorter script (default 200).
@Suite("Fault: kill -9 torture", .serialized)
struct FaultKillNineTests {
    static let seed: UInt64 = ProcessInfo.processInfo.environment["FLATBED_FAULT_SEED"].flatMap { UInt64($0) } ?? 20_240_607
    static let operations: Int = ProcessInfo.processInfo.environment["FLATBED_FAULT_OPS"].flatMap { Int($0) } ?? 200

    @Test func everyAnsweredChangeSurvivesRandomKills() throws {
        let torture = try KillNineTorture(seed: Self.seed)
        defer { torture.finish() }
        try torture.run(operations: Self.operations)
        #expect(torture.statistics.kills >= max(1, Self.operations / 16), "seed \(Self.seed): too few kills")
        #expect(torture.statistics.answered > Self.operations / 2, "seed \(Self.seed): most operations are answered")
        print("kill -9 torture: \(torture.statistics) (seed \(Self.seed))")
    }

    /// An export half-written when the server is killed holds the user's document: it must not
    /// outlive the restart, here or in the shared temporary folder.
    @Test func aKillDuringAnExportLeavesNoPartialFile() throws {
        let folder = try TestServer.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data").path
        let temporary = folder.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var child = try ServeProcess(data: data, temporary: temporary)
        let session = try #require(try child.client.send("POST", "/api/sessions").json?["id"] as? String)
        for _ in 0..<4 {
            let reply = try child.client.send(
                "POST", "/api/sessions/\(session)/pages", headers: ["Content-Type": "image/jpeg"], body: FaultDamagedPhotoTests.smallPhoto)
            try #require(reply.status == 201, "upload: \(reply.text)")
        }
        let exports = data + "/exports"
        var caught: [String] = []
        for _ in 0..<5 where caught.isEmpty {
            let done = DispatchSemaphore(value: 0)
            let client = child.client
            Thread.detachNewThread {
                _ = try? client.send("GET", "/api/sessions/\(session)/export?format=pdf")
                done.signal()
            }
            let deadline = Date().addingTimeInterval(30)
            while caught.isEmpty && done.wait(timeout: .now()) == .timedOut && Date() < deadline {
                caught = (try? FileManager.default.contentsOfDirectory(atPath: exports)) ?? []
                usleep(500)
            }
            if !caught.isEmpty {
                child.kill()
                done.wait()
            }
        }
        try #require(!caught.isEmpty, "no export was caught being written in 5 tries")
        #expect(try FileManager.default.contentsOfDirectory(atPath: exports) == caught, "the kill left the partial export")
        child = try ServeProcess(data: data, temporary: temporary)
        defer { child.stop() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: exports).isEmpty, "the restart removed it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.contains("flatbed-export") }.isEmpty)
        let export = try child.client.send("GET", "/api/sessions/\(session)/export?format=pdf")
        #expect(export.status == 200 && String(decoding: export.body, as: UTF8.self).contains("/Count 4>>"))
    }
}

/// Counts for the closing report.
struct TortureStatistics: CustomStringConvertible {
    var operations = 0
    var answered = 0
    var kills = 0
    var killsInFlight = 0
    var cutOffLanded = 0
    var cutOffLost = 0
    var cutOffUnchanged = 0
    var seconds = 0.0
    /// Total seconds and count of answered requests by operation kind.
    var timings: [String: (seconds: Double, count: Int)] = [:]

    var description: String {
        let means = timings.sorted { $0.key < $1.key }.map { "\($0.key) \(Int(1000 * $0.value.seconds / Double($0.value.count))) ms" }
        return "\(operations) operations, \(answered) answered, \(kills) kills (\(killsInFlight) with a request in flight: "
            + "\(cutOffLanded) cut off and landed, \(cutOffLost) cut off and lost, \(cutOffUnchanged) cut off changing nothing, "
            + "the rest answered first), \(String(format: "%.1f", seconds)) s; mean answer times: " + means.joined(separator: ", ")
    }
}

/// The request running on another thread when the kill comes.
private final class InFlight: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: RawHTTPClient.Reply?
    let done = DispatchSemaphore(value: 0)
    var reply: RawHTTPClient.Reply? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// The torture run: the child server, the model and the checks.
final class KillNineTorture {
    let seed: UInt64
    private let folder: URL
    private let data: String
    private let temporary: String
    private var child: ServeProcess
    private var session = ""
    private var model: SessionModel
    private var photos: [TorturePhoto] = []
    private var recent: [String] = []
    private var typicalSeconds: [String: Double] = [:]
    private(set) var statistics = TortureStatistics()

    init(seed: UInt64) throws {
        self.seed = seed
        folder = try TestServer.temporaryFolder()
        data = folder.appendingPathComponent("data").path
        temporary = folder.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        child = try ServeProcess(data: data, temporary: temporary)
        let created = try child.client.send("POST", "/api/sessions")
        guard created.status == 201, let id = created.json?["id"] as? String, let model = SessionModel(json: created.json) else {
            throw RawHTTPClient.Failure(description: "create session: \(created.status) \(created.text)")
        }
        session = id
        self.model = model
        photos = try [(200, 150), (150, 200)].map { width, height in try Self.photo(width: width, height: height, client: child.client) }
    }

    /// Stops the server and removes the folder.
    func finish() {
        child.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs the script with its kills, then checks the end state once more across a clean restart.
    func run(operations: Int) throws {
        let start = Date()
        var script = SeededGenerator(seed: seed)
        var killer = SeededGenerator(seed: seed ^ 0x6B69_6C6C)
        var plans: [Int: (inFlight: Bool, fraction: Double)] = [:]
        let killCount = max(1, operations / 16)
        while plans.count < min(killCount, operations - 1) {
            let index = 1 + Int(killer.next() % UInt64(operations - 1))
            plans[index] = (killer.next() % 3 != 0, Double(killer.next() % 1000) / 1000)
        }
        for index in 0..<operations {
            let operation = TortureOperation.next(using: &script, model: model, photos: photos)
            note("\(index): \(operation)")
            statistics.operations += 1
            if let plan = plans[index], plan.inFlight {
                try runKilledInFlight(operation, fraction: plan.fraction)
            } else {
                perform(operation)
                if plans[index] != nil {
                    note("kill between requests")
                    statistics.kills += 1
                    child.kill()
                    try restartAndCheck(expected: model, alternative: nil)
                }
            }
        }
        try checkSession(expected: model, alternative: nil, after: "the last operation")
        try checkFolder(after: "the last operation")
        child.stop()
        note("clean restart")
        try restartAndCheck(expected: model, alternative: nil)
        statistics.seconds = Date().timeIntervalSince(start)
    }

    // MARK: - Operations

    /// Runs one operation to its answer and updates the model when it succeeded.
    private func perform(_ operation: TortureOperation) {
        let start = Date()
        let reply: RawHTTPClient.Reply
        do {
            reply = try operation.send(child.client, session: session, photos: photos)
        } catch {
            return fail("\(operation) got no answer: \(error)")
        }
        let seconds = Date().timeIntervalSince(start)
        typicalSeconds[operation.kind] = seconds
        let timing = statistics.timings[operation.kind] ?? (0, 0)
        statistics.timings[operation.kind] = (timing.seconds + seconds, timing.count + 1)
        accept(operation, reply: reply)
    }

    /// Sends `operation` from another thread and SIGKILLs the server `fraction` of that
    /// operation's usual time later, then restarts and checks.
    private func runKilledInFlight(_ operation: TortureOperation, fraction: Double) throws {
        statistics.kills += 1
        statistics.killsInFlight += 1
        let inFlight = InFlight()
        let (client, session, photos) = (child.client, session, photos)
        Thread.detachNewThread {
            inFlight.reply = try? operation.send(client, session: session, photos: photos)
            inFlight.done.signal()
        }
        let delay = 0.8 * fraction * (typicalSeconds[operation.kind] ?? 0.05)
        usleep(useconds_t(delay * 1_000_000))
        child.kill()
        inFlight.done.wait()
        let reply = inFlight.reply
        let before = model
        if let reply, reply.status == operation.successStatus {
            note("kill after \(Int(delay * 1000)) ms; the request was answered first")
            accept(operation, reply: reply)
            try restartAndCheck(expected: model, alternative: nil)
        } else if let reply {
            fail("\(operation) cut off by a kill answered \(reply.status): \(reply.text)")
            try restartAndCheck(expected: model, alternative: operation.applied(to: model, reply: nil, photos: photos))
        } else {
            note("kill after \(Int(delay * 1000)) ms with the request unanswered")
            let landed = operation.applied(to: model, reply: nil, photos: photos)
            try restartAndCheck(expected: model, alternative: landed)
            if landed == before {
                statistics.cutOffUnchanged += 1
            } else if model == before {
                statistics.cutOffLost += 1
            } else {
                statistics.cutOffLanded += 1
            }
        }
    }

    /// Checks a successful answer against what the operation should have done, then adopts it.
    private func accept(_ operation: TortureOperation, reply: RawHTTPClient.Reply) {
        guard reply.status == operation.successStatus else {
            return fail("\(operation) answered \(reply.status), expected \(operation.successStatus): \(reply.text)")
        }
        statistics.answered += 1
        let next = operation.applied(to: model, reply: reply, photos: photos)
        switch operation {
        case .upload, .edit, .retake:
            let answered = SessionModel.page(json: reply.json)
            let predicted = answered.flatMap { page in next.pages.first { $0.id == page.id } }
            if answered == nil || answered != predicted { fail("\(operation) answered \(reply.text), expected \(String(describing: predicted))") }
        case .reorder:
            if SessionModel(json: reply.json) != next { fail("reorder answered \(reply.text), expected \(next)") }
        case .settings:
            if SessionModel.settings(json: reply.json) != next.settings { fail("settings answered \(reply.text), expected \(next.settings)") }
        case .badEdit:
            if reply.errorMessage?.contains("rotation 45") != true { fail("bad edit answered \(reply.text)") }
        case .export(let format):
            checkExport(format: format, body: reply.body, pages: model.pages.count)
        case .delete:
            break
        }
        model = next
    }

    private func checkExport(format: String, body: [UInt8], pages: Int) {
        if format == "pdf" {
            let text = String(decoding: body, as: UTF8.self)
            if !text.hasPrefix("%PDF-") || !text.contains("/Type/Pages/Kids[") || !text.contains("/Count \(pages)>>") {
                fail("the PDF export is not a \(pages)-page PDF (\(body.count) bytes)")
            }
        } else {
            let end = body.count - 22
            let isZip = end >= 0 && body[end..<end + 4].elementsEqual([0x50, 0x4B, 0x05, 0x06])
            if !isZip || Int(body[end + 10]) | Int(body[end + 11]) << 8 != pages {
                fail("the zip export does not hold \(pages) entries (\(body.count) bytes)")
            }
        }
    }

    // MARK: - Checks

    /// Checks the folder as the crash left it, restarts on it and checks the session and folder.
    private func restartAndCheck(expected: SessionModel, alternative: SessionModel?) throws {
        let crashed = try DatabaseProbe(data: data).report()
        if crashed.integrity != "ok" { fail("the database as the kill left it: integrity_check says \(crashed.integrity)") }
        child = try ServeProcess(data: data, temporary: temporary)
        try checkSession(expected: expected, alternative: alternative, after: "restart \(statistics.kills)")
        try checkFolder(after: "restart \(statistics.kills)")
    }

    /// The session must equal `expected` or, when given, `alternative`; the model becomes the match.
    private func checkSession(expected: SessionModel, alternative: SessionModel?, after moment: String) throws {
        let reply = try child.client.send("GET", "/api/sessions/\(session)")
        guard reply.status == 200, let observed = SessionModel(json: reply.json) else {
            return fail("after \(moment): GET session answered \(reply.status) \(reply.text)")
        }
        let known = Set(model.pageIDs)
        if let match = Self.resolve(expected, against: observed, known: known) {
            model = match
        } else if let alternative, let match = Self.resolve(alternative, against: observed, known: known) {
            model = match
        } else {
            fail("after \(moment): the session is\n  \(observed)\nexpected\n  \(expected)" + (alternative.map { "\nor\n  \($0)" } ?? ""))
            model = observed
        }
    }

    /// `candidate` with its unknown new-page ids taken from `observed`, when everything else matches.
    private static func resolve(_ candidate: SessionModel, against observed: SessionModel, known: Set<String>) -> SessionModel? {
        guard candidate.pages.count == observed.pages.count else { return nil }
        var resolved = candidate
        for index in resolved.pages.indices where resolved.pages[index].id.isEmpty {
            let page = observed.pages[index]
            guard !known.contains(page.id) else { return nil }
            (resolved.pages[index].id, resolved.pages[index].createdAt) = (page.id, page.createdAt)
        }
        return resolved == observed ? resolved : nil
    }

    /// Integrity, one photo file per page, and no export left half-written anywhere.
    private func checkFolder(after moment: String) throws {
        let report = try DatabaseProbe(data: data).report()
        if report.integrity != "ok" { fail("after \(moment): integrity_check says \(report.integrity)") }
        if !report.orphans.isEmpty { fail("after \(moment): orphan photo files \(report.orphans.sorted())") }
        if !report.missing.isEmpty { fail("after \(moment): pages whose photo is missing \(report.missing.sorted())") }
        if report.referencedPhotos.count != model.pages.count {
            fail("after \(moment): \(report.referencedPhotos.count) page rows, the model has \(model.pages.count)")
        }
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter { $0.contains("flatbed-export") }
            + ((try? FileManager.default.contentsOfDirectory(atPath: data + "/exports")) ?? [])
        if !leftovers.isEmpty { fail("after \(moment): export files left behind \(leftovers)") }
    }

    // MARK: - Reporting

    private func note(_ line: String) {
        recent.append(line)
        if recent.count > 12 { recent.removeFirst() }
    }

    private func fail(_ message: String) {
        Issue.record(Comment(rawValue: "seed \(seed) (FLATBED_FAULT_SEED=\(seed)): \(message)\nlast steps:\n  " + recent.joined(separator: "\n  ")))
    }

    /// A small synthetic page photo and what the server's detector finds in it.
    private static func photo(width: Int, height: Int, client: RawHTTPClient) throws -> TorturePhoto {
        let (w, h) = (Double(width), Double(height))
        let quad = Quad(
            topLeft: Point(0.19 * w, 0.14 * h), topRight: Point(0.81 * w, 0.19 * h),
            bottomRight: Point(0.77 * w, 0.89 * h), bottomLeft: Point(0.15 * w, 0.83 * h))
        let bytes = try ImageCodec.encodeJPEG(SyntheticPhoto(width: width, height: height, quad: quad).image, quality: 85)
        let reply = try client.send("POST", "/api/detect", headers: ["Content-Type": "image/jpeg"], body: bytes)
        guard reply.status == 200, let corners = SessionModel.cornerValue(reply.json?["corners"]),
              let confidence = reply.json?["confidence"] as? Double else {
            throw RawHTTPClient.Failure(description: "detect: \(reply.status) \(reply.text)")
        }
        return TorturePhoto(
            bytes: bytes, width: width, height: height, detectedCorners: corners,
            confidence: SessionModel.fixed(confidence, scale: 10_000))
    }
}
