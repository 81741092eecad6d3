import ScanCodecs
import ScanCore
import Testing

@Suite("EXIF orientation and image rotations")
struct OrientationTests {
    /// Every orientation fixture, once turned upright, matches the upright reference within JPEG
    /// tolerance; the fixtures were made by numpy's own rotations (make_fixtures.py).
    @Test("JPEG with EXIF orientation decodes upright", arguments: ImageOrientation.allCases)
    func jpegFixture(orientation: ImageOrientation) throws {
        let reference = try ImageFile.read(path: TestImages.path("upright.png")).image
        let decoded = try ImageFile.read(path: TestImages.path("orientation-\(orientation.rawValue).jpg"))
        #expect(decoded.appliedOrientation == orientation)
        #expect(decoded.image.width == 64 && decoded.image.height == 48)
        #expect(decoded.storedWidth == (orientation.swapsDimensions ? 48 : 64))
        #expect(decoded.storedHeight == (orientation.swapsDimensions ? 64 : 48))
        #expect(TestImages.psnr(reference, decoded.image) > 30)
        // Block centres are far from JPEG's ringing: each must be its reference colour closely.
        for by in 0..<3 {
            for bx in 0..<4 {
                let x = bx * 16 + 8, y = by * 16 + 8
                let a = reference[x, y], b = decoded.image[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                #expect(d <= 12, "block (\(bx), \(by)) differs by \(d)")
            }
        }
    }

    @Test("With appliesOrientation off, the stored pixels come back as stored")
    func orientationOff() throws {
        let decoded = try ImageFile.read(path: TestImages.path("orientation-6.jpg"), options: DecodingOptions(appliesOrientation: false))
        #expect(decoded.appliedOrientation == .up)
        #expect(decoded.image.width == 48 && decoded.image.height == 64)
    }

    @Test("PNG eXIf orientation is applied")
    func pngExif() throws {
        let reference = try ImageFile.read(path: TestImages.path("upright.png")).image
        let decoded = try ImageFile.read(path: TestImages.path("orientation-6.png"))
        #expect(decoded.appliedOrientation == .right)
        #expect(decoded.image == reference)
    }

    // MARK: - Kernels against a plain reference

    /// Transpose and horizontal/vertical flips by subscripts: the plain reference the tiled kernel
    /// is compared with. Every orientation is a composition of these.
    static func referenceTranspose(_ image: Image<RGB8>) -> Image<RGB8> {
        var out = Image(width: image.height, height: image.width, repeating: RGB8(0, 0, 0))
        for y in 0..<image.height { for x in 0..<image.width { out[y, x] = image[x, y] } }
        return out
    }

    static func referenceFlip(_ image: Image<RGB8>, horizontal: Bool) -> Image<RGB8> {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                out[x, y] = horizontal ? image[image.width - 1 - x, y] : image[x, image.height - 1 - y]
            }
        }
        return out
    }

    static func reference(_ image: Image<RGB8>, _ orientation: ImageOrientation) -> Image<RGB8> {
        let h = { (i: Image<RGB8>) in referenceFlip(i, horizontal: true) }
        let v = { (i: Image<RGB8>) in referenceFlip(i, horizontal: false) }
        return switch orientation {
        case .up: image
        case .upMirrored: h(image)
        case .down: v(h(image))
        case .downMirrored: v(image)
        case .leftMirrored: referenceTranspose(image)
        case .right: h(referenceTranspose(image))
        case .rightMirrored: v(h(referenceTranspose(image)))
        case .left: v(referenceTranspose(image))
        }
    }

    @Test("applyingOrientation matches the reference on odd-sized random images", arguments: ImageOrientation.allCases)
    func kernelMatchesReference(orientation: ImageOrientation) {
        for (width, height) in [(1, 1), (1, 7), (7, 1), (2, 3), (131, 67), (300, 211)] {
            let image = TestImages.noise(RGB8.self, width: width, height: height, seed: UInt64(width * 1000 + height))
            #expect(image.applyingOrientation(orientation) == Self.reference(image, orientation))
            var inPlace = image
            inPlace.applyOrientation(orientation)
            #expect(inPlace == Self.reference(image, orientation))
        }
    }

    @Test("Named rotations and flips compose as expected")
    func compositions() {
        let image = TestImages.noise(Gray8.self, width: 97, height: 45, seed: 2)
        #expect(image.rotated90Clockwise().rotated90CounterClockwise() == image)
        #expect(image.rotated90Clockwise().rotated90Clockwise() == image.rotated180())
        #expect(image.rotated180().rotated180() == image)
        #expect(image.flippedHorizontally().flippedVertically() == image.rotated180())
        #expect(image.transposed().transposed() == image)
        #expect(image.transversed() == image.transposed().rotated180())
        #expect(image.rotated90Clockwise().width == 45)
        // A known pixel: the top-left corner of a clockwise turn is the old bottom-left.
        #expect(image.rotated90Clockwise()[0, 0] == image[0, 44])
        #expect(image.rotated90CounterClockwise()[0, 0] == image[96, 0])
    }

    @Test("In-place transforms leave a shared copy untouched")
    func sharedCopy() {
        let original = TestImages.noise(RGBA8.self, width: 13, height: 9, seed: 21)
        let snapshot = original.pixels
        var flippedH = original
        flippedH.flipHorizontally()
        var flippedV = original
        flippedV.flipVertically()
        var turned = original
        turned.rotate180()
        var oriented = original
        oriented.applyOrientation(.right)
        let rotated = original.rotated90Clockwise()
        #expect(original.pixels == snapshot)
        #expect(flippedH != original && flippedV != original && turned != original)
        #expect(oriented == rotated)
        #expect(original.applyingOrientation(.up) == original)
    }

    @Test("ImageOrientation maps EXIF values 1…8 and rejects others")
    func orientationValues() {
        #expect(ImageOrientation.allCases.map(\.exifValue) == Array(1...8))
        #expect(ImageOrientation(exifValue: 0) == nil)
        #expect(ImageOrientation(exifValue: 9) == nil)
        #expect(ImageOrientation.right.orientedSize(width: 40, height: 30) == (30, 40))
        #expect(ImageOrientation.allCases.filter(\.isMirrored).map(\.rawValue) == [2, 4, 5, 7])
    }
}
