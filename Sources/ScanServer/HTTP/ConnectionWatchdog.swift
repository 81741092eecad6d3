import CMicroHTTPD
import Foundation

/// Cuts off connections whose request headers take too long to arrive (slow-loris).
///
/// libmicrohttpd's connection timeout counts *idle* time, so a client that sends one header byte
/// a second would keep its slot forever. The watchdog gives every request head a deadline, armed
/// when the connection opens and again when a request completes (the next head on a keep-alive
/// connection), cleared when the head is complete. A connection past its deadline has its socket
/// shut down, which MHD sees as the client going away: it closes the connection and frees the slot.
/// Bodies have no deadline here: a phone uploading a photo over a weak network is slow but sending,
/// and MHD's idle timeout still catches one that stops.
///
/// MHD reports a connection closed before it closes the socket, and both that report and the
/// shutdown happen under the same lock, so a socket number is never shut down after reuse.
final class ConnectionWatchdog: @unchecked Sendable {
    private struct Entry {
        let socket: Int32
        var deadline: ContinuousClock.Instant?
    }

    private let condition = NSCondition()
    private var entries: [OpaquePointer: Entry] = [:]
    private var stopping = false
    private let limit: Duration
    private let enabled: Bool

    /// Starts the watchdog thread; `seconds` ≤ 0 disables it.
    init(seconds: Int) {
        limit = .seconds(seconds)
        enabled = seconds > 0
        guard enabled else { return }
        // Checks a few times per limit, so a connection is cut off at most a quarter late.
        let interval = min(1.0, Double(seconds) / 4)
        let thread = Thread { [self] in run(interval: interval) }
        thread.name = "flatbed-watchdog"
        thread.start()
    }

    /// Stops the thread (idempotent).
    func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    // MARK: - Events from MHD's threads

    /// A connection was accepted: its first request head is due within the limit.
    func opened(_ connection: OpaquePointer) {
        guard enabled, let socket = Self.socket(of: connection) else { return }
        condition.withLock { entries[connection] = Entry(socket: socket, deadline: .now + limit) }
    }

    /// The connection's request head is complete.
    func headReceived(_ connection: OpaquePointer) {
        condition.withLock { entries[connection]?.deadline = nil }
    }

    /// A request finished: the next head on this connection is due within the limit.
    func requestFinished(_ connection: OpaquePointer) {
        condition.withLock { entries[connection]?.deadline = .now + limit }
    }

    /// MHD is about to close the connection's socket.
    func closed(_ connection: OpaquePointer) {
        condition.withLock { _ = entries.removeValue(forKey: connection) }
    }

    // MARK: - The thread

    private func run(interval: Double) {
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            let now = ContinuousClock.now
            for (connection, entry) in entries {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[connection]?.deadline = nil
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
        }
    }

    // MARK: - The connection's socket

    private static func socket(of connection: OpaquePointer) -> Int32? {
        let socket = flatbed_mhd_connection_socket(connection)
        return socket >= 0 ? socket : nil
    }
}
