import ScanCodecs
import ScanCore

extension ServerAPI {
    func registerPageRoutes(into router: inout Router) {
        router.add("POST", "/api/sessions/:id/pages") { request throws(ServerError) in
            let id = try sessionID(request)
            _ = try store.session(id)
            let (photo, _) = try intake.photo(from: request)
            return .json(try store.addPage(to: id, photo: photo).json, status: 201)
        }
        router.add("GET", "/api/sessions/:id/pages/:pageID") { request throws(ServerError) in
            .json(try page(request).json)
        }
        router.add("PATCH", "/api/sessions/:id/pages/:pageID") { request throws(ServerError) in
            var page = try page(request)
            let patch = try RequestBodies.decode(RequestBodies.PagePatch.self, from: request.body)
            if let corners = patch.corners {
                page.corners = try corners.map { corners throws(ServerError) in
                    try RequestBodies.quad(corners, in: Size(width: Double(page.width), height: Double(page.height)))
                }
            }
            if let rotation = patch.rotation {
                guard Page.rotations.contains(rotation) else { throw .invalidRotation(rotation) }
                page.rotation = rotation
            }
            if let mode = patch.mode {
                guard let known = PageMode(rawValue: mode) else { throw .unknownMode(mode) }
                page.mode = known
            }
            try store.update(page)
            return .json(page.json)
        }
        router.add("PUT", "/api/sessions/:id/pages/:pageID/photo") { request throws(ServerError) in
            let page = try page(request)
            let (photo, _) = try intake.photo(from: request)
            return .json(try store.replacePhoto(of: page.id, in: page.sessionID, with: photo).json)
        }
        router.add("DELETE", "/api/sessions/:id/pages/:pageID") { request throws(ServerError) in
            let page = try page(request)
            try store.deletePage(page.id, in: page.sessionID)
            return .noContent
        }
        router.add("GET", "/api/sessions/:id/pages/:pageID/photo") { request throws(ServerError) in
            let page = try page(request)
            let maxSide = try maxSide(request)
            var image = try storedPhoto(of: page).image
            if let maxSide { image = image.downscaled(toLongSide: maxSide).image }
            let bytes: [UInt8]
            do {
                bytes = try ImageCodec.encodeJPEG(image, quality: rendering.jpegQuality)
            } catch {
                throw .internalFailure("\(error)")
            }
            return jpeg(bytes)
        }
        router.add("GET", "/api/sessions/:id/pages/:pageID/render") { request throws(ServerError) in
            let page = try page(request)
            let maxSide = try maxSide(request)
            let photo = try storedPhoto(of: page)
            let rendered = try rendering.render(page, photo: photo.image, focalLength: photo.focalLength, maxSide: maxSide)
            return jpeg(rendered.bytes)
        }
    }

    /// The decoded photo of a stored page; a damaged file is an error naming the page by its place
    /// in the session, so the user knows which one to retake or delete.
    func storedPhoto(of page: Page) throws(ServerError) -> DecodedImage<RGB8> {
        do {
            return try intake.storedPhoto(of: page, from: store.photos)
        } catch {
            let pages = (try? store.session(page.sessionID).pages) ?? [page]
            let number = (pages.firstIndex { $0.id == page.id } ?? 0) + 1
            throw DamagedPhoto.error(error, number: number, of: pages.count)
        }
    }

    /// A JPEG that depends on the page's current state, so never cached.
    private func jpeg(_ bytes: [UInt8]) -> Response {
        Response(status: 200, headers: [("Content-Type", "image/jpeg"), ("Cache-Control", "no-store")], body: .bytes(bytes))
    }
}
