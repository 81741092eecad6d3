import ScanPipeline

/// The JSON API of Docs/api.md: what each route does, on top of the store, the photo intake, the
/// page renderer and the per-session stabilisers. Route groups live in `ServerAPI+*.swift`.
struct ServerAPI: Sendable {
    let store: SessionStore
    let intake: PhotoIntake
    let rendering: PageRendering
    let stabilisers: StabiliserRegistry

    /// Every API route.
    func register(into router: inout Router) {
        router.add("GET", "/api/health") { _ in .json(.object([("version", .string(FlatbedInfo.version))])) }
        registerSessionRoutes(into: &router)
        registerPageRoutes(into: &router)
        registerExportRoutes(into: &router)
        registerDetectRoutes(into: &router)
    }

    /// The `:id` parameter, checked for an id's shape (404 otherwise, as for an unknown id).
    func sessionID(_ request: Request) throws(ServerError) -> String {
        let id = request.parameters["id"] ?? ""
        guard RandomID.isWellFormed(id) else { throw .sessionNotFound(id: id) }
        return id
    }

    /// The session's page named by `:pageID`.
    func page(_ request: Request) throws(ServerError) -> Page {
        let sessionID = try sessionID(request)
        let pageID = request.parameters["pageID"] ?? ""
        guard RandomID.isWellFormed(pageID) else {
            _ = try store.session(sessionID)
            throw .pageNotFound(sessionID: sessionID, pageID: pageID)
        }
        return try store.page(pageID, in: sessionID)
    }

    /// The optional `maxSide` query parameter (16…8192).
    func maxSide(_ request: Request) throws(ServerError) -> Int? {
        guard let text = request.query["maxSide"] else { return nil }
        guard let value = Int(text), (16...8192).contains(value) else {
            throw .invalidQuery(name: "maxSide", value: text, expected: "a whole number from 16 to 8192")
        }
        return value
    }
}
