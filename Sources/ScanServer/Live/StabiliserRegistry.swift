import Foundation
import ScanCore
import ScanDetect

/// One `CaptureStabiliser` per session for `/api/detect?session=`, kept in memory (a restart only
/// resets the runs; the settings they use are persisted with the session).
final class StabiliserRegistry: @unchecked Sendable {
    private var stabilisers: [String: CaptureStabiliser] = [:]
    private let lock = NSLock()

    /// Feeds one frame's quad to the session's stabiliser, created or recreated when `settings`
    /// differ from the ones it runs with.
    /// - Returns: true when this frame is the one to capture (the run then resets).
    func process(session: String, settings: SessionSettings, quad: Quad?, frameSize: Size) throws(ServerError) -> Bool {
        let options = settings.stabiliserOptions
        lock.lock()
        defer { lock.unlock() }
        do {
            var stabiliser: CaptureStabiliser
            if let existing = stabilisers[session], existing.options == options {
                stabiliser = existing
            } else {
                do throws(VideoOptionsError) {
                    stabiliser = try CaptureStabiliser(options: options)
                } catch {
                    throw .invalidSetting(error)
                }
            }
            let status = stabiliser.process(quad: quad, frameSize: frameSize)
            stabilisers[session] = stabiliser
            if case .capture = status { return true }
            return false
        }
    }

    /// Forgets a session's run (settings changed, session deleted).
    func reset(session: String) {
        lock.withLock { _ = stabilisers.removeValue(forKey: session) }
    }
}
