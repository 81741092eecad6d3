import CMicroHTTPD
import Foundation

/// libmicrohttpd behind a function from `Request` to `Response`.
///
/// MHD runs its own thread pool (one epoll/poll loop per thread); the handler is called on those
/// threads with the whole body, so it must be thread-safe. Bodies are accumulated in a per-request
/// buffer (reserved from Content-Length, appended in MHD's chunks, amortised O(n)); a body over the
/// limit is refused with 413 from its Content-Length before it is read, or dropped as it streams in.
/// Idle connections are closed after `connectionTimeout` seconds.
final class HTTPDaemon: @unchecked Sendable {
    /// The port bound (the real one when 0 was asked for).
    private(set) var port: Int = 0
    private let handler: @Sendable (Request) -> Response
    private let maximumBodyBytes: Int
    private var daemon: OpaquePointer?
    private let lock = NSLock()

    /// Starts listening on `host:port` (an IPv4 or IPv6 literal, or a name resolved once).
    /// - Throws: `ServerError.cannotListen`.
    init(
        host: String, port: Int, threads: Int, connectionTimeout: Int, maximumBodyBytes: Int,
        handler: @escaping @Sendable (Request) -> Response
    ) throws(ServerError) {
        self.handler = handler
        self.maximumBodyBytes = maximumBodyBytes
        var storage = sockaddr_storage()
        let family = try Self.resolve(host, port: port, into: &storage)
        var flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue
        if family == AF_INET6 { flags |= MHD_USE_IPv6.rawValue }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let started = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                flatbed_mhd_start(
                    flags, address, Self.accessHandler, context, Self.completedHandler, nil,
                    UInt32(max(1, threads)), UInt32(connectionTimeout), 64 * 1024)
            }
        }
        guard let started else {
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

    private static let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
        guard let state, let pointer = state.pointee else { return }
        Unmanaged<Upload>.fromOpaque(pointer).release()
        state.pointee = nil
    }

    private func handle(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let pointer = state.pointee else {
            // First call: headers only. Refuse a declared oversize body before reading it.
            let upload = Upload()
            state.pointee = Unmanaged.passRetained(upload).toOpaque()
            if let length = Self.value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length").flatMap({ Int($0) }) {
                if length > maximumBodyBytes {
                    upload.answered = true
                    return send(.error(.bodyTooLarge(limit: maximumBodyBytes)), on: connection)
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
        if upload.tooLarge { return send(.error(.bodyTooLarge(limit: maximumBodyBytes)), on: connection) }
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
