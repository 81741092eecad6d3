extension ServerAPI {
    func registerSessionRoutes(into router: inout Router) {
        router.add("POST", "/api/sessions") { _ throws(ServerError) in
            .json(try store.createSession().json, status: 201)
        }
        router.add("GET", "/api/sessions") { _ throws(ServerError) in
            let sessions = try store.sessionSummaries().map { summary -> JSONValue in
                .object([
                    ("id", .string(summary.id)), ("pageCount", .int(summary.pageCount)),
                    ("createdAt", .string(Timestamp.iso8601(summary.createdAt))),
                ])
            }
            return .json(.object([("sessions", .array(sessions))]))
        }
        router.add("GET", "/api/sessions/:id") { request throws(ServerError) in
            .json(try store.session(sessionID(request)).json)
        }
        router.add("DELETE", "/api/sessions/:id") { request throws(ServerError) in
            let id = try sessionID(request)
            try store.deleteSession(id)
            stabilisers.reset(session: id)
            return .noContent
        }
        router.add("PUT", "/api/sessions/:id/settings") { request throws(ServerError) in
            let id = try sessionID(request)
            let body = try RequestBodies.decode(RequestBodies.Settings.self, from: request.body)
            var settings = try store.session(id).settings
            if let value = body.minimumIoU { settings.minimumIoU = value }
            if let value = body.frameCount { settings.frameCount = value }
            if let value = body.maximumAreaChange { settings.maximumAreaChange = value }
            if let value = body.autoCapture { settings.autoCapture = value }
            try settings.validate()
            try store.updateSettings(id, settings)
            stabilisers.reset(session: id)
            return .json(settings.json)
        }
        router.add("PUT", "/api/sessions/:id/order") { request throws(ServerError) in
            let id = try sessionID(request)
            let body = try RequestBodies.decode(RequestBodies.Order.self, from: request.body)
            try store.reorder(id, pageIDs: body.pages)
            return .json(try store.session(id).json)
        }
    }
}
