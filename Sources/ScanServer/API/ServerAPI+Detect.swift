import ScanCore

extension ServerAPI {
    func registerDetectRoutes(into router: inout Router) {
        router.add("POST", "/api/detect") { request throws(ServerError) in
            if let type = request.mediaType, !type.hasPrefix("image/") { throw .unsupportedMediaType(type) }
            // Check the session first, so a bad id costs no decoding.
            var settings: SessionSettings?
            if let id = request.query["session"] {
                guard RandomID.isWellFormed(id) else { throw .sessionNotFound(id: id) }
                settings = try store.settings(of: id)
            }
            let frame = try intake.decode(request.body, name: "frame")
            let detection = intake.detect(in: frame)
            var steady = false
            if let id = request.query["session"], let settings {
                steady = try stabilisers.process(session: id, settings: settings, quad: detection?.quad, frameSize: frame.size)
            }
            return .json(.object([
                ("corners", .corners(detection?.quad)),
                ("confidence", .number(detection?.confidence ?? 0, digits: 4)),
                ("steady", .bool(steady)),
                ("width", .int(frame.width)),
                ("height", .int(frame.height)),
            ]))
        }
    }
}
