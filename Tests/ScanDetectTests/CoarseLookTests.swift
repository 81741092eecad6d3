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
        // (The second coarse look finds the receipt too.)
        options.coarseLookLongSide = 0
        options.secondCoarseLookLongSide = 0
        try expectFoundOnlyByDefault(in: image, truth: truth, notWith: options, least: least)
    }

    /// Photos (at half size) of seed 15's `fabric_0029` (a blurred page on a striped cloth whose
    /// stripes cross its sides) and seed 14's `finger_0014` (a white page held on a white table
    /// by two fingers), made with `Tools/synth/generate.py --seed S --count 300 --negatives 200`:
    /// neither the looks at the working size nor the coarse look at `coarseLookLongSide` finds
    /// the page; the second coarse look (`secondCoarseLookLongSide`) does.
    @Test("pages the first coarse look misses are found by the second",
          arguments: [
              ("coarse-look/fabric_0029.jpg",
               Quad(topLeft: Point(236.377, 154.604), topRight: Point(543.282, 292.178),
                    bottomRight: Point(286.613, 725.807), bottomLeft: Point(66.626, 532.376)), 0.97),
              ("coarse-look/finger_0014.jpg",
               Quad(topLeft: Point(235.645, 133.414), topRight: Point(585.860, 154.931),
                    bottomRight: Point(559.644, 642.492), bottomLeft: Point(218.526, 638.349)), 0.78),
          ])
    func secondCoarseLook(path: String, truth: Quad, least: Double) throws {
        let image = try fixturePhoto(path)
        var options = DetectionOptions()
        options.secondCoarseLookLongSide = 0
        try expectFoundOnlyByDefault(in: image, truth: truth, notWith: options, least: least)
    }
}
