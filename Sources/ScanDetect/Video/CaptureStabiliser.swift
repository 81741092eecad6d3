import ScanCore

/// Decides when a page held in front of the camera is steady enough to capture.
///
/// Feed it one result per frame, in order. A frame is *valid* when it has a quad that passes the
/// enabled gates (the page covers at least `minimumDocumentFraction` of the frame; the frame's
/// sharpness reaches `minimumSharpness`). Two consecutive valid frames are *still* when their
/// quads' true polygon IoU (`Quad.intersectionOverUnion`) is at least `minimumIoU` and the area
/// changes by at most `maximumAreaChange` relative to the earlier frame.
///
/// **"Steady over N frames"** (N = `frameCount`) means: the current frame and the N − 1 frames
/// before it are all valid, and every consecutive pair among them is still. So with N = 3 the
/// capture fires on frame f when frames f−2, f−1 and f are valid and the pairs (f−2, f−1) and
/// (f−1, f) are still; with N = 1 every valid frame captures. Pairs are compared, not each frame
/// with the first, so a page drifting slowly can still be captured.
///
/// **Resets.** An invalid frame (no document, too small, too blurred) empties the run. A valid frame
/// that is not still against the previous one starts a new run of length 1. After firing, the run
/// is emptied as well: the next capture needs N fresh frames, none shared with the last capture.
public struct CaptureStabiliser: Sendable {
    /// What the stabiliser made of one frame, for the capture itself and for hints to the user.
    public enum Status: Sendable, Equatable {
        /// No quad in this frame; the run was reset.
        case noDocument
        /// The page covers only `fraction` of the frame, below `minimumDocumentFraction`; reset.
        case tooSmall(fraction: Double)
        /// The frame's sharpness is below `minimumSharpness`; reset.
        case tooBlurry(sharpness: Double)
        /// The page has been still for `frames` consecutive valid frames, fewer than `frameCount`
        /// (1 after a move: "hold still").
        case steadying(frames: Int)
        /// Steady for `frameCount` frames: capture this frame, whose quad is given. The run resets.
        case capture(Quad)
    }

    /// The settings this stabiliser was created with (validated).
    public let options: StabiliserOptions
    /// Length of the current run of still, valid frames (0 after a reset or capture).
    public private(set) var steadyFrames = 0
    /// The last valid frame's quad and area, which the next frame is compared with.
    private var previous: (quad: Quad, area: Double)?

    /// Creates a stabiliser with an empty run.
    /// - Throws: `VideoOptionsError.outOfRange` when a setting is outside its range.
    public init(options: StabiliserOptions = StabiliserOptions()) throws(VideoOptionsError) {
        try options.validate()
        self.options = options
    }

    /// Progress towards a capture, 0…1 (`steadyFrames / frameCount`), e.g. for a ring on screen.
    public var progress: Double { Double(steadyFrames) / Double(options.frameCount) }

    /// Empties the run, as after a capture; call it when the user changes page or cancels.
    public mutating func reset() {
        steadyFrames = 0
        previous = nil
    }

    // MARK: - Frames

    /// Judges one frame given its quad, size and, if the sharpness gate is on, its sharpness.
    /// - Parameters:
    ///   - quad: the page in this frame (ideally `QuadTracker.freshQuad`), nil for no document.
    ///   - frameSize: the frame's size in the quad's pixel coordinates.
    ///   - sharpness: `Sharpness.measure` of the frame; required when `minimumSharpness` is set
    ///     (a programmer error otherwise), ignored when it is not.
    /// - Returns: the frame's status; `.capture` exactly when the run reaches `frameCount`.
    public mutating func process(quad: Quad?, frameSize: Size, sharpness: Double? = nil) -> Status {
        judge(quad, frameSize: frameSize) {
            guard let sharpness else {
                preconditionFailure("CaptureStabiliser: minimumSharpness is set, so pass the frame's sharpness")
            }
            return sharpness
        }
    }

    /// Judges one frame, measuring its sharpness inside the quad only when the sharpness gate is on
    /// and the cheaper checks have passed.
    /// - Parameters:
    ///   - quad: the page in this frame (ideally `QuadTracker.freshQuad`), nil for no document.
    ///   - frame: the frame in the quad's pixel coordinates, e.g. the detector's gray copy.
    /// - Returns: the frame's status; `.capture` exactly when the run reaches `frameCount`.
    public mutating func process(quad: Quad?, in frame: Image<Gray8>) -> Status {
        judge(quad, frameSize: frame.size) { Sharpness.measure(frame, in: quad) }
    }

    private mutating func judge(_ quad: Quad?, frameSize: Size, sharpness: () -> Double) -> Status {
        guard let quad else {
            reset()
            return .noDocument
        }
        let area = quad.area
        if let minimum = options.minimumDocumentFraction {
            let fraction = area / (frameSize.width * frameSize.height)
            guard fraction >= minimum else {
                reset()
                return .tooSmall(fraction: fraction)
            }
        }
        if let minimum = options.minimumSharpness {
            let measured = sharpness()
            guard measured >= minimum else {
                reset()
                return .tooBlurry(sharpness: measured)
            }
        }
        if let previous, isStill(previous, (quad, area)) {
            steadyFrames += 1
        } else {
            steadyFrames = 1
        }
        previous = (quad, area)
        guard steadyFrames >= options.frameCount else { return .steadying(frames: steadyFrames) }
        reset()
        return .capture(quad)
    }

    private func isStill(_ earlier: (quad: Quad, area: Double), _ later: (quad: Quad, area: Double)) -> Bool {
        // Written so that a zero previous area (NaN or infinite change) never counts as still.
        abs(later.area - earlier.area) / earlier.area <= options.maximumAreaChange
            && earlier.quad.intersectionOverUnion(later.quad) >= options.minimumIoU
    }
}
