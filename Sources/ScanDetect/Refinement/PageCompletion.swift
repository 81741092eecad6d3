import ScanCore

/// The hidden part of a page cut by the frame, completed in 3D: the page is a rectangle on a
/// plane seen through a pinhole camera, so its two sides that run into the cut are parallel in
/// space and meet at a vanishing point in the photo, and the visible opposite side is
/// perpendicular to them. With the camera's focal length that fixes the plane's tilt; the page is
/// then measured there in true proportions and lengthened to the assumed paper ratio, and the
/// completed corners projected back into the photo. Image-space lengthening gets this wrong as
/// soon as the page recedes: its far part is foreshortened.
struct PageCompletion {
    /// Focal length in pixels; the principal point is the photo's centre.
    let focalLength: Double
    let centre: (x: Double, y: Double)

    /// A camera for a `width × height` photo: its `focalLength` in pixels where the photo states
    /// it (EXIF), else the field of view of a phone's main camera (`PhoneCamera.focalLength`: a
    /// 16:9 photo is cut from a 4:3 frame, so its field of view is narrower than its own diagonal
    /// would give). A focal length that is not a positive number is ignored.
    init(width: Int, height: Int, focalLength: Double? = nil) {
        if let focalLength, focalLength.isFinite, focalLength > 0 {
            self.focalLength = focalLength
        } else {
            self.focalLength = PhoneCamera.focalLength(width: width, height: height)
        }
        centre = (Double(width) / 2, Double(height) / 2)
    }

    /// Moves the cut corners `a` and `b` along their sides (from `pa` to `a` and from `pb` to `b`)
    /// until the page, measured on its plane, is `extent(width, seen)` long across the cut, where
    /// `width` is the visible opposite side `pa`–`pb` and `seen` the visible length of the sides,
    /// both in plane units (nil from `extent`: `a` and `b` stay). Returns the new `a` and `b`, or nil
    /// when the geometry says nothing (the four points do not lie on a plane in front of the
    /// camera).
    func complete(a: Point, b: Point, pa: Point, pb: Point,
                  extent: (_ width: Double, _ seen: Double) -> Double?) -> (a: Point, b: Point)? {
        let sideA = HomogeneousVector(pa).cross(HomogeneousVector(a)), sideB = HomogeneousVector(pb).cross(HomogeneousVector(b))
        let opposite = HomogeneousVector(pa).cross(HomogeneousVector(pb))
        // The sides' vanishing point, and the one of the perpendicular direction on the opposite
        // side: its ray is orthogonal to the first one's (on the polar line of the image of the
        // absolute conic).
        let along = ray(sideA.cross(sideB))
        let across = ray(opposite.cross(polar(along)))
        var normal = along.cross(across)
        let length = normal.length
        guard length.isFinite, length > 1e-12 else { return nil }
        normal = normal / length
        // Every point must lie on the same side of the camera centre along the plane.
        let rays = [a, b, pa, pb].map { ray(HomogeneousVector($0)) }
        let depths = rays.map { normal.dot($0) }
        guard depths.allSatisfy({ $0 > 1e-9 }) || depths.allSatisfy({ $0 < -1e-9 }) else { return nil }
        let points = zip(rays, depths).map { $0 / $1 }  // on the plane normal · X = 1
        let (A, B, PA, PB) = (points[0], points[1], points[2], points[3])
        let width = (PA - PB).length, seenA = (A - PA).length, seenB = (B - PB).length
        guard width > 0, seenA > 0, seenB > 0 else { return nil }
        // The paper ends within what is seen: nothing to complete.
        guard let target = extent(width, (seenA + seenB) / 2) else { return (a, b) }
        let newA = PA + (A - PA) * (target / seenA), newB = PB + (B - PB) * (target / seenB)
        guard let projectedA = project(newA), let projectedB = project(newB) else { return nil }
        return (projectedA, projectedB)
    }

    /// The vanishing point, in the photo, of the page's sides perpendicular to the two sides
    /// that meet at `along` (homogeneous; at infinity when they are parallel in the photo): on
    /// the line `side`, one of those perpendicular sides, where the photo's lines of directions
    /// orthogonal to `along`'s ray cross it.
    func perpendicularVanishingPoint(to along: HomogeneousVector, onSide side: HomogeneousVector) -> HomogeneousVector {
        side.cross(polar(ray(along)))
    }

    // MARK: - Camera

    /// The viewing ray (K⁻¹ x) of a homogeneous image point; a point at infinity gives a
    /// direction parallel to the image plane.
    private func ray(_ x: HomogeneousVector) -> HomogeneousVector {
        HomogeneousVector((x.x - centre.x * x.z) / focalLength, (x.y - centre.y * x.z) / focalLength, x.z)
    }

    /// The image line of points whose rays are orthogonal to `direction` (K⁻ᵀ d).
    private func polar(_ d: HomogeneousVector) -> HomogeneousVector {
        HomogeneousVector(d.x / focalLength, d.y / focalLength, d.z - (centre.x * d.x + centre.y * d.y) / focalLength)
    }

    private func project(_ X: HomogeneousVector) -> Point? {
        guard abs(X.z) > 1e-12 else { return nil }
        let p = Point(focalLength * X.x / X.z + centre.x, focalLength * X.y / X.z + centre.y)
        return p.x.isFinite && p.y.isFinite ? p : nil
    }
}
