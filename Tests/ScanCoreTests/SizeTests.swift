import Testing
import ScanCore

@Suite("Size")
struct SizeTests {
    @Test("aspect ratio and transposition")
    func basics() {
        let size = Size(width: 210, height: 297)
        #expect(size.aspectRatio == 210.0 / 297)
        #expect(size.transposed == Size(width: 297, height: 210))
        #expect(size.transposed.transposed == size)
        #expect(Size(width: 1, height: 0).aspectRatio == .infinity)
        #expect(size.description == "210.0×297.0")
    }
}
