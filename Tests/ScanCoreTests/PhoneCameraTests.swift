import Testing
import ScanCore

@Suite("PhoneCamera")
struct PhoneCameraTests {
    @Test("a 4:3 photo in either orientation: 26 mm-equivalent on its own diagonal")
    func fullFrame() {
        let expected = 2000 * PhoneCamera.focalLengthPerDiagonal  // 1600 × 1200 has a 2000 px diagonal
        #expect(abs(PhoneCamera.focalLength(width: 1600, height: 1200) - expected) < 1e-9)
        #expect(abs(PhoneCamera.focalLength(width: 1200, height: 1600) - expected) < 1e-9)
    }

    @Test("a 16:9 photo is cut from the 4:3 frame with its long side: 28 mm-equivalent on its own")
    func wideCrop() {
        let wide = PhoneCamera.focalLength(width: 1920, height: 1080)
        #expect(abs(wide - PhoneCamera.focalLength(width: 1920, height: 1440)) < 1e-9)
        #expect(abs(wide - PhoneCamera.focalLength(width: 1080, height: 1920)) < 1e-9)
        let ownDiagonal = (1920.0 * 1920 + 1080 * 1080).squareRoot()
        let equivalent = wide / ownDiagonal * 43.27
        #expect(abs(equivalent - 28.3) < 0.05, "\(equivalent) mm")
    }

    @Test("a square photo is cut from the 4:3 frame with its short side")
    func squareCrop() {
        #expect(abs(PhoneCamera.focalLength(width: 1200, height: 1200) - PhoneCamera.focalLength(width: 1600, height: 1200)) < 1e-9)
    }
}
