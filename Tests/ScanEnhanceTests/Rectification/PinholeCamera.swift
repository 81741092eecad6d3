import Foundation
import ScanCore

/// A pinhole camera for synthetic perspective views: principal point at the image centre,
/// square pixels, looking down +z with image y down.
struct PinholeCamera {
    var imageWidth: Double
    var imageHeight: Double
    /// Focal length in pixels.
    var focalLength: Double

    /// A typical phone's main camera for this image size: a 26 mm-equivalent lens.
    static func phone(width: Double, height: Double) -> PinholeCamera {
        PinholeCamera(imageWidth: width, imageHeight: height, focalLength: 26 / 43.27 * (width * width + height * height).squareRoot())
    }

    /// The image of a `width × height` rectangle (millimetres) centred on the optical axis at
    /// `distance`, rotated by `pose`: its corners in contract order and the rectangle → image map.
    func view(width: Double, height: Double, pose: Pose, distance: Double) -> (quad: Quad, pageToImage: Homography) {
        let page = [Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)]
        let image = page.map { c -> Point in
            let v = pose.rotate((c.x - width / 2, c.y - height / 2, 0))
            let z = v.2 + distance
            return Point(focalLength * v.0 / z + imageWidth / 2, focalLength * v.1 / z + imageHeight / 2)
        }
        return (try! Quad(corners: image), Homography(from: page, to: image)!)
    }
}

/// A rotation of the page: `pitch` about the camera's x axis, then `yaw` about y, then `roll`
/// about the optical axis, in degrees.
struct Pose: CustomStringConvertible, Sendable {
    var pitch: Double
    var yaw: Double
    var roll: Double

    init(_ pitch: Double, _ yaw: Double, _ roll: Double) {
        (self.pitch, self.yaw, self.roll) = (pitch, yaw, roll)
    }

    func rotate(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
        let (p, y, r) = (pitch * .pi / 180, yaw * .pi / 180, roll * .pi / 180)
        let a = (v.0, v.1 * cos(p) - v.2 * sin(p), v.1 * sin(p) + v.2 * cos(p))
        let b = (a.0 * cos(y) + a.2 * sin(y), a.1, -a.0 * sin(y) + a.2 * cos(y))
        return (b.0 * cos(r) - b.1 * sin(r), b.0 * sin(r) + b.1 * cos(r), b.2)
    }

    /// The angle between the page's normal and the optical axis, in degrees.
    var tilt: Double {
        acos(rotate((0, 0, 1)).2) * 180 / .pi
    }

    var description: String { "pitch \(pitch)° yaw \(yaw)° roll \(roll)°" }
}
