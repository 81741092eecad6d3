import Foundation

/// A minimal HTTP/1.1 client over a POSIX socket to 127.0.0.1, so tests control every header
/// (Host, Origin, Content-Length) and see exactly what the server sends.
struct RawHTTPClient {
    struct Reply {
        let status: Int
        /// Lowercased names.
        let headers: [String: String]
        let body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
        var errorMessage: String? { (json?["error"] as? [String: Any])?["message"] as? String }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int

    /// Sends one request with `Connection: close` and reads the whole reply.
    /// - Parameters:
    ///   - host: the Host header; nil sends `127.0.0.1:PORT`, "" sends none.
    ///   - chunked: send the body with chunked transfer encoding (no Content-Length).
    func send(
        _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = [], host: String? = nil,
        chunked: Bool = false
    ) throws -> Reply {
        let socket = try connect()
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\n"
        let hostValue = host ?? "127.0.0.1:\(port)"
        if !hostValue.isEmpty { head += "Host: \(hostValue)\r\n" }
        head += "Connection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if chunked {
            head += "Transfer-Encoding: chunked\r\n\r\n"
            try write(socket, Array(head.utf8))
            var offset = 0
            while offset < body.count {
                let chunk = Array(body[offset..<min(body.count, offset + 65536)])
                try write(socket, Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Array("\r\n".utf8))
                offset += chunk.count
            }
            try write(socket, Array("0\r\n\r\n".utf8))
        } else {
            if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
            head += "\r\n"
            try write(socket, Array(head.utf8) + body)
        }
        return try readReply(socket)
    }

    /// Sends only the head of a request declaring `contentLength` bytes, then reads the reply
    /// (for refusals that come before the body is read).
    func sendHeadOnly(_ method: String, _ path: String, contentLength: Int, headers: [String: String] = [:]) throws -> Reply {
        let socket = try connect()
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Length: \(contentLength)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try write(socket, Array((head + "\r\n").utf8))
        return try readReply(socket)
    }

    private func connect() throws -> Int32 {
        let socket = try Self.connectToLoopback(port: port)
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    /// A TCP socket connected to 127.0.0.1:`port`.
    /// - Throws: `Failure` when the socket can't be made or the connection is refused.
    static func connectToLoopback(port: Int) throws -> Int32 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port): errno \(errno)")
        }
        return socket
    }

    private func write(_ socket: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "send: errno \(errno)")
            }
            offset += sent
        }
    }

    private func readReply(_ socket: Int32) throws -> Reply {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                if data.isEmpty { throw Failure(description: "recv: errno \(errno)") }
                break
            }
            if count == 0 { break }
            data += buffer[0..<count]
        }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let split = data.indices.first(where: { data[$0...].starts(with: separator) }) else {
            throw Failure(description: "no header end in \(data.count) bytes")
        }
        let head = String(decoding: data[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(data[(split + 4)...])
        if let length = headers["content-length"].flatMap({ Int($0) }), body.count > length { body = Array(body.prefix(length)) }
        return Reply(status: status, headers: headers, body: body)
    }
}
