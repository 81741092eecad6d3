import Foundation

/// One TCP connection to 127.0.0.1 driven byte by byte, for tests of what the server does with
/// slow, idle and surplus connections (which `RawHTTPClient`'s one-shot requests cannot express).
final class TestSocket {
    private let socket: Int32

    /// Connects; throws when the connection is refused.
    init(port: Int) throws {
        socket = try RawHTTPClient.connectToLoopback(port: port)
    }

    deinit { close(socket) }

    /// Sends text; false when the server has closed the connection (EPIPE, ECONNRESET).
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }

    /// What arrives within `seconds`: the bytes, and whether the server closed its side (EOF or
    /// reset) in that time.
    func receive(for seconds: Double) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return (received, false) }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(max(1, remaining * 1000)))
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return (received, true) }
            received += buffer[0..<count]
        }
    }

    /// True when the server closes the connection within `seconds` (whatever it sends first).
    func closes(within seconds: Double) -> Bool { receive(for: seconds).closed }
}
