import Testing
import ScanCore
import ScanTestSupport

@Suite("Image")
struct ImageTests {
    @Test("stores pixels row-major from the top-left")
    func rowMajor() {
        let image = Image<Gray8>(width: 3, height: 2, pixels: (0..<6).map { Gray8(UInt8($0)) })
        #expect(image[0, 0] == Gray8(0))
        #expect(image[2, 0] == Gray8(2))
        #expect(image[0, 1] == Gray8(3))
        #expect(image[2, 1] == Gray8(5))
        #expect(image.pixelCount == 6)
        #expect(image.size == Size(width: 3, height: 2))
        #expect(!image.isEmpty)
        #expect(image.bytesPerRow == 3)
    }

    @Test("empty images", arguments: [(0, 0), (0, 5), (5, 0)])
    func empty(width: Int, height: Int) {
        let image = Image<RGB8>(width: width, height: height, repeating: RGB8(1, 2, 3))
        #expect(image.isEmpty)
        #expect(image.pixels.isEmpty)
        #expect(image.bytes.isEmpty)
    }

    @Test("init(repeating:) fills every pixel")
    func repeating() {
        let image = Image<RGBA8>(width: 4, height: 3, repeating: RGBA8(1, 2, 3, 4))
        #expect(image.pixels.count == 12)
        #expect(image.pixels.allSatisfy { $0 == RGBA8(1, 2, 3, 4) })
    }

    @Test("bytes are interleaved channels without padding")
    func byteLayout() {
        let image = Image<RGB8>(width: 2, height: 2, pixels: [RGB8(1, 2, 3), RGB8(4, 5, 6), RGB8(7, 8, 9), RGB8(10, 11, 12)])
        #expect(image.bytes == Array(1...12))
        #expect(image.bytesPerRow == 6)
        let rgba = Image<RGBA8>(width: 1, height: 2, pixels: [RGBA8(1, 2, 3, 4), RGBA8(5, 6, 7, 8)])
        #expect(rgba.bytes == Array(1...8))
        #expect(rgba.bytesPerRow == 4)
    }

    @Test("init(initializingBytes:) reads interleaved channels back as pixels")
    func initializingBytes() {
        let image = Image<RGB8>(width: 2, height: 1) { (bytes: UnsafeMutableBufferPointer<UInt8>) in
            #expect(bytes.count == 6)
            for i in bytes.indices { bytes[i] = UInt8(10 * (i + 1)) }
        }
        #expect(image.pixels == [RGB8(10, 20, 30), RGB8(40, 50, 60)])
    }

    @Test("init(unsafeUninitialized:) writes every pixel")
    func unsafeUninitialized() {
        let image = Image<Gray8>(width: 5, height: 4) { (buffer: inout UnsafeMutableBufferPointer<Gray8>) in
            #expect(buffer.count == 20)
            for i in buffer.indices { buffer.initializeElement(at: i, to: Gray8(UInt8(i))) }
        }
        #expect(image.pixels == (0..<20).map { Gray8(UInt8($0)) })
    }

    @Test("init(unsafeUninitialized:) rethrows")
    func unsafeUninitializedThrows() {
        struct Failure: Error, Equatable {}
        #expect(throws: Failure()) {
            _ = try Image<Gray8>(width: 2, height: 2) { (_: inout UnsafeMutableBufferPointer<Gray8>) in throw Failure() }
        }
    }

    @Test("equality compares size and pixels")
    func equality() {
        let a = randomImage(width: 6, height: 4, seed: 1, as: RGB8.self)
        var b = a
        #expect(a == b)
        b[5, 3] = RGB8(a[5, 3].r &+ 1, a[5, 3].g, a[5, 3].b)
        #expect(a != b)
        let pixels = (0..<6).map { Gray8(UInt8($0)) }
        #expect(Image(width: 2, height: 3, pixels: pixels) != Image(width: 3, height: 2, pixels: pixels))
        #expect(Image(width: 2, height: 3, pixels: pixels) == Image(width: 2, height: 3, pixels: pixels))
        #expect(randomImage(width: 6, height: 4, seed: 1, as: RGB8.self) == a)
        #expect(randomImage(width: 6, height: 4, seed: 2, as: RGB8.self) != a)
    }

    @Test("map transforms every pixel and keeps the size")
    func map() {
        let image = randomImage(width: 7, height: 3, seed: 3, as: Gray8.self)
        let inverted = image.map { Gray8(255 - $0.value) }
        #expect(inverted.width == 7 && inverted.height == 3)
        for y in 0..<3 { for x in 0..<7 { #expect(inverted[x, y].value == 255 - image[x, y].value) } }
        let widened: Image<Int> = image.map { Int($0.value) * 2 }
        #expect(widened.pixels == image.pixels.map { Int($0.value) * 2 })
    }

    // MARK: - Copy on write

    @Test("setting a pixel of a copy leaves the original untouched")
    func copyOnWriteSubscript() {
        let original = randomImage(width: 9, height: 5, seed: 4, as: RGB8.self)
        let snapshot = original.bytes
        var copy = original
        copy[3, 2] = RGB8(~original[3, 2].r, 0, 0)
        #expect(original.bytes == snapshot)
        #expect(copy[3, 2] != original[3, 2])
        #expect(copy != original)
    }

    @Test("writing through withUnsafeMutableBufferPointer leaves a shared original untouched")
    func copyOnWriteBuffer() {
        let original = randomImage(width: 9, height: 5, seed: 5, as: Gray8.self)
        let snapshot = original.pixels
        var copy = original
        copy.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices { buffer[i] = Gray8(~buffer[i].value) }
        }
        #expect(original.pixels == snapshot)
        #expect(copy.pixels == snapshot.map { Gray8(~$0.value) })
    }

    @Test("writing through withUnsafeMutableBytes leaves a shared original untouched")
    func copyOnWriteBytes() {
        let original = randomImage(width: 9, height: 5, seed: 6, as: RGBA8.self)
        let snapshot = original.bytes
        var copy = original
        copy.withUnsafeMutableBytes { bytes in
            #expect(bytes.count == 9 * 5 * 4)
            bytes.update(repeating: 17)
        }
        #expect(original.bytes == snapshot)
        #expect(copy.bytes.allSatisfy { $0 == 17 })
    }

    @Test("a copy captured before a mutation keeps the old pixels through several writes")
    func copyOnWriteRepeated() {
        var image = Image<Gray8>(width: 4, height: 4, repeating: Gray8(0))
        var history: [Image<Gray8>] = []
        for step in 1...5 {
            history.append(image)
            image[step % 4, step / 4] = Gray8(UInt8(step))
        }
        for (step, old) in history.enumerated() {
            #expect(old.pixels.filter { $0.value != 0 }.count == step)
        }
    }

    @Test("mutating a uniquely owned image writes in place")
    func uniqueInPlace() {
        var image = randomImage(width: 16, height: 16, seed: 7, as: Gray8.self)
        let before = image.withUnsafeMutableBufferPointer { UInt(bitPattern: $0.baseAddress) }
        image[0, 0] = Gray8(1)
        let after = image.withUnsafeMutableBytes { UInt(bitPattern: $0.baseAddress) }
        #expect(before == after)
        #expect(image[0, 0] == Gray8(1))
    }

    @Test("the read-only views see the same pixels")
    func readOnlyViews() {
        let image = randomImage(width: 5, height: 3, seed: 8, as: RGB8.self)
        let viaBuffer = image.withUnsafeBufferPointer { Array($0) }
        #expect(viaBuffer == image.pixels)
        let viaBytes = image.withUnsafeBytes { Array($0) }
        #expect(viaBytes == image.pixels.flatMap { [$0.r, $0.g, $0.b] })
    }

    @Test("pixel types have their channel counts")
    func channelCounts() {
        #expect(Gray8.channelCount == 1)
        #expect(RGB8.channelCount == 3)
        #expect(RGBA8.channelCount == 4)
        #expect(MemoryLayout<Gray8>.stride == 1)
        #expect(MemoryLayout<RGB8>.stride == 3)
        #expect(MemoryLayout<RGBA8>.stride == 4)
    }
}
