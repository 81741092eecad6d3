/// The main camera of most phones: a 26 mm-equivalent lens on a 4:3 sensor, whose focal length
/// is 26 / 43.27 of the sensor frame's diagonal (a 35 mm frame's diagonal is 43.27 mm). Assumed
/// wherever a photo's focal length is unknown.
public enum PhoneCamera {
    /// A 35 mm film frame's diagonal in millimetres, against which equivalent focal lengths are
    /// stated.
    public static let filmDiagonal = 43.27

    /// Focal length as a fraction of the diagonal of a photo of the sensor's whole frame.
    public static let focalLengthPerDiagonal = 26.0 / filmDiagonal

    /// Long-to-short side ratio of the sensor's frame.
    public static let sensorAspectRatio = 4.0 / 3.0

    /// The focal length in pixels for a `width × height` photo. A photo of another shape than the
    /// sensor's is cut from its frame: a 16:9 photo or video frame keeps the frame's long side, a
    /// square one its short side. The lens is 26 mm-equivalent on the diagonal of that 4:3 frame,
    /// so a 16:9 photo sees as a 28 mm lens would on its own diagonal (a 4:3 photo: 26 mm).
    public static func focalLength(width: Int, height: Int) -> Double {
        let long = Double(max(width, height)), short = Double(min(width, height))
        let frameLong = max(long, short * sensorAspectRatio)
        let frameDiagonal = frameLong * (1 + 1 / (sensorAspectRatio * sensorAspectRatio)).squareRoot()
        return frameDiagonal * focalLengthPerDiagonal
    }
}
