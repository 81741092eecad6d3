import CMicroHTTPD
import Foundation

/// libmicrohttpd behind a function from `Request` to `Response`.
///
/// MHD runs its own thread pool (one epoll/poll loop per thread); the handler is called on those
/// threads with the whole body, so it must be thread-safe. Bodies are accumulated in a per-request
/// buffer (reserved from Content-Length, appended in MHD's chunks, amortised O(n)); a body over the
/// limit is refused with 413 from its Content-Length before it is read, or dropped as it streams in.
/// Idle connections are closed after `connectionTimeout` seconds, request heads that take longer
/// than that are cut off (`ConnectionWatchdog`), and connections past `connectionLimit` are closed
/// as they arrive.
final class HTTPDaemon: @unchecked Sendable {
    /// The port bound (the real one when 0 was asked for).
    private(set) var port: Int = 0
    private let handler: @Sendable (Request) -> Response
    private let maximumBodyBytes: Int
    private let refusalHeaders: [(name: String, value: String)]
    private let watchdog: ConnectionWatchdog
    private var daemon: OpaquePointer?
    private let lock = NSLock()

    /// Bytes MHD may use per connection for the request line, headers and read buffer; a request
    /// whose head does not fit is refused by MHD itself (431 or 414) without reaching the handler.
    static let connectionMemoryLimit = 64 * 1024

    /// Starts listening on `host:port` (an IPv4 or IPv6 literal, or a name resolved once).
    /// - Parameters:
    ///   - connectionTimeout: seconds a connection may sit idle, and the most its request
    ///     headers may take to arrive (see `ConnectionWatchdog`).
    ///   - connectionLimit: most connections open at once; MHD closes more as they arrive.
    ///   - refusalHeaders: headers on the answers the daemon gives itself (413 before the body).
    /// - Throws: `ServerError.cannotListen`.
    init(
        host: String, port: Int, threads: Int, connectionTimeout: Int, connectionLimit: Int, maximumBodyBytes: Int,
        refusalHeaders: [(name: String, value: String)] = [],
        handler: @escaping @Sendable (Request) -> Response
    ) throws(ServerError) {
        self.handler = handler
        self.maximumBodyBytes = maximumBodyBytes
        self.refusalHeaders = refusalHeaders
        watchdog = ConnectionWatchdog(seconds: connectionTimeout)
        var storage = sockaddr_storage()
        let family = try Self.resolve(host, port: port, into: &storage)
        var flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue
        if family == AF_INET6 { flags |= MHD_USE_IPv6.rawValue }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let watchdogContext = Unmanaged.passUnretained(watchdog).toOpaque()
        let started = withUnsafePointer(to: &storage) { address in
            flatbed_mhd_start(
                flags, UnsafeRawPointer(address).assumingMemoryBound(to: sockaddr.self),
                Self.accessHandler, context, Self.completedHandler, Self.connectionHandler, watchdogContext, Self.unescape,
                UInt32(max(1, threads)), UInt32(max(0, connectionTimeout)), Self.connectionMemoryLimit,
                UInt32(max(1, connectionLimit)))
        }
        guard let started else {
            watchdog.stop()
            throw .cannotListen(host: host, port: port, reason: "the address is in use or not on this machine")
        }
        daemon = started
        self.port = Int(flatbed_mhd_bound_port(started))
    }

    deinit { stop() }

    /// Stops listening and waits for the worker threads; requests in flight are cut off.
    func stop() {
        lock.withLock {
            if let daemon { MHD_stop_daemon(daemon) }
            daemon = nil
        }
        watchdog.stop()
    }

    // MARK: - Address

    private static func resolve(_ host: String, port: Int, into storage: inout sockaddr_storage) throws(ServerError) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        guard code == 0, let first = list else {
            throw .cannotListen(host: host, port: port, reason: String(cString: gai_strerror(code)))
        }
        defer { freeaddrinfo(list) }
        // Prefer IPv4 when a name resolves to both, as browsers reach "localhost" either way.
        var chosen = first
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if entry.pointee.ai_family == AF_INET { chosen = entry; break }
            cursor = entry.pointee.ai_next
        }
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: chosen.pointee.ai_addr, count: Int(chosen.pointee.ai_addrlen)))
        }
        return chosen.pointee.ai_family
    }

    // MARK: - Callbacks

    /// Per-request state kept in MHD's `con_cls` between the handler's calls.
    private final class Upload {
        var body: [UInt8] = []
        var tooLarge = false
        var answered = false
    }

    private static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, uploadData, uploadSize, state in
        guard let context, let connection, let uploadSize, let state else { return MHD_Result.NO }
        let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
        return daemon.handle(connection, url: url, method: method, data: uploadData, size: uploadSize, state: state)
    }

    private static let completedHandler: MHD_RequestCompletedCallback = { context, connection, state, _ in
        if let context, let connection {
            Unmanaged<ConnectionWatchdog>.fromOpaque(context).takeUnretainedValue().requestFinished(connection)
        }
        guard let state, let pointer = state.pointee else { return }
        Unmanaged<Upload>.fromOpaque(pointer).release()
        state.pointee = nil
    }

    private static let connectionHandler: MHD_NotifyConnectionCallback = { context, connection, _, event in
        guard let context, let connection else { return }
        let watchdog = Unmanaged<ConnectionWatchdog>.fromOpaque(context).takeUnretainedValue()
        switch event {
        case .CONNECTION_NOTIFY_STARTED: watchdog.opened(connection)
        case .CONNECTION_NOTIFY_CLOSED: watchdog.closed(connection)
        default: break
        }
    }

    private func handle(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = state.pointee else {
            // First call: headers only. Refuse a declared oversize body before reading it.
            watchdog.headReceived(connection)
            let upload = Upload()
            state.pointee = Unmanaged.passRetained(upload).toOpaque()
            if let length = Self.value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length").flatMap({ Int($0) }) {
                if length > maximumBodyBytes {
                    upload.answered = true
                    return send(refusal(.bodyTooLarge(limit: maximumBodyBytes)), on: connection)
                }
                upload.body.reserveCapacity(length)
            }
            return MHD_Result.YES
        }
        let upload = Unmanaged<Upload>.fromOpaque(pointer).takeUnretainedValue()
        if size.pointee > 0 {
            if !upload.tooLarge && !upload.answered, let data {
                if upload.body.count + size.pointee > maximumBodyBytes {
                    upload.tooLarge = true
                    upload.body = []
                } else {
                    data.withMemoryRebound(to: UInt8.self, capacity: size.pointee) {
                        upload.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size.pointee))
                    }
                }
            }
            size.pointee = 0
            return MHD_Result.YES
        }
        if upload.answered { return MHD_Result.YES }
        upload.answered = true
        if upload.tooLarge { return send(refusal(.bodyTooLarge(limit: maximumBodyBytes)), on: connection) }
        let request = Request(
            method: method.map { String(cString: $0) } ?? "GET",
            path: url.map { String(cString: $0) } ?? "/",
            query: Self.values(connection, MHD_ValueKind.GET_ARGUMENT_KIND),
            headers: Self.values(connection, MHD_ValueKind.HEADER_KIND, lowercased: true),
            cookies: Self.values(connection, MHD_ValueKind.COOKIE_KIND),
            body: upload.body)
        upload.body = []
        return send(handler(request), on: connection)
    }

    /// An error answered by the daemon itself, with the same headers as the handler's answers.
    private func refusal(_ error: ServerError) -> Response {
        var response = Response.error(error)
        response.headers += refusalHeaders
        return response
    }

    private func send(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
        let made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        case .file(let descriptor, let length):
            made = MHD_create_response_from_fd(length, descriptor)
            if made == nil { close(descriptor) }
        }
        guard let made else { return MHD_Result.NO }
        defer { MHD_destroy_response(made) }
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }

    // MARK: - Percent-decoding

    /// Decodes `%XY` escapes in the path and query values in place, as MHD's own decoder does,
    /// except `%00`, which stays as written. MHD hands the path over as a C string, so a decoded NUL
    /// would cut it short: `POST /api/sessions/%00/pages` would arrive as `POST /api/sessions/`
    /// and create a session. Left encoded, such a path matches no route and no file.
    private static let unescape: flatbed_mhd_unescape_callback = {
        _, _, text in
        guard let text else { return 0 }
        func hexValue(_ byte: CChar) -> Int? {
            switch UInt8(bitPattern: byte) {
            case 0x30...0x39: Int(byte) - 0x30
            case 0x41...0x46: Int(byte) - 0x41 + 10
            case 0x61...0x66: Int(byte) - 0x61 + 10
            default: nil
            }
        }
        var read = 0, write = 0
        while text[read] != 0 {
            if text[read] == 0x25, let high = hexValue(text[read + 1]), let low = hexValue(text[read + 2]), high | low != 0 {
                text[write] = CChar(bitPattern: UInt8(high * 16 + low))
                read += 3
            } else {
                text[write] = text[read]
                read += 1
            }
            write += 1
        }
        text[write] = 0
        return write
    }

    // MARK: - Header, query and cookie values

    private final class Collected {
        var values: [String: String] = [:]
        let lowercased: Bool
        init(lowercased: Bool) { self.lowercased = lowercased }
    }

    private static func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool = false) -> [String: String] {
        let collected = Collected(lowercased: lowercased)
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(connection, kind, { context, _, key, value in
                guard let context, let key else { return MHD_Result.YES }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                let name = String(cString: key)
                collected.values[collected.lowercased ? name.lowercased() : name] = value.map { String(cString: $0) } ?? ""
                return MHD_Result.YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.values
    }

    private static func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
    }
}
