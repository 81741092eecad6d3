import ScanCore
import Testing
@testable import ScanDetect

/// The coarse look (`DocumentDetector.coarseLook`): the whole search on a coarser copy when no
/// look at the working size finds a page, its page measured again at the working size.
@Suite("Coarse look")
struct CoarseLookTests {
    /// Photos (at half size) of the generator's benchmark set's `shadow_0020` (a letter on a white
    /// table, mostly in a cast shadow: its sides step by about 6 grey levels under noise of
    /// about 9) and seed 10's `curled_0007` (a curled receipt on a pale ground), made with
    /// `Tools/synth/generate.py --preset benchmark` and `--seed 10 --count 300 --negatives 100`:
    /// no look at the working size finds either page.
    @Test("photographed pages with sides too faint at the working size are found by the coarse look",
          arguments: [
              ("coarse-look/shadow_0020.jpg",
               Quad(topLeft: Point(67.365, 370.002), topRight: Point(297.182, 352.507),
                    bottomRight: Point(329.342, 730.279), bottomLeft: Point(94.098, 758.519)), 0.97),
              ("coarse-look/curled_0007.jpg",
               Quad(topLeft: Point(187.481, 16.159), topRight: Point(508.993, 69.648),
                    bottomRight: Point(498.762, 597.753), bottomLeft: Point(255.241, 721.772)), 0.88),
          ])
    func photographedPages(path: String, truth: Quad, least: Double) throws {
        let image = try fixturePhoto(path)
        var options = DetectionOptions()
        options.coarseLookLongSide = 0
        try expectFoundOnlyByDefault(in: image, truth: truth, notWith: options, least: least)
    }
}
