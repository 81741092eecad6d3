// rectify-benchmark: Flatbed's Rectifier against OpenCV's cv2.warpPerspective on a synthetic
// 12-megapixel photo of an A4 page: same input, quad and output size, same run, calls alternated
// one by one so load from other processes hits both alike.
//
//   swift run -c release --scratch-path /tmp/build-rectify rectify-benchmark
//       [--runs N] [--dpi 300,150] [--flatbed-only] [--minification-tolerance T]
import Foundation
import ScanCore
import ScanEnhance

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    return arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let runs = option("--runs").flatMap { Int($0) } ?? 9
let dpis = (option("--dpi") ?? "300,150").split(separator: ",").compactMap { Double($0) }
var tuning = Rectifier.Options()
if let tolerance = option("--minification-tolerance").flatMap({ Double($0) }) { tuning.minificationTolerance = tolerance }
let flatbedOnly = CommandLine.arguments.contains("--flatbed-only")
let cores = Parallel.processorCount
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rectify-benchmark")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

// MARK: - Input

let scene = SyntheticPhoto(width: 4032, height: 3024, focalLength: 3000, pitch: 18, yaw: -12, roll: 3, distance: 370)
print("rendering the 4032×3024 photo of an A4 page (pinhole camera, f = 3000 px, tilted 18° and -12°, rolled 3°)…")
let photo = scene.render(samples: 2)
print("quad: \(scene.quad)")

struct Scenario {
    let name: String
    let dpi: Double
    let plan: RectificationPlan
    let output: Image<RGB8>
}
var scenarios: [Scenario] = []
for dpi in dpis {
    var options = tuning
    options.dpi = dpi
    let page = try Rectifier(options: options).rectify(photo, quad: scene.quad)
    let estimate = page.plan.estimate
    print("\(Int(dpi)) dpi: \(page.plan.width)×\(page.plan.height), paper \(page.plan.paperSize?.name ?? "none"), "
        + "estimated ratio \(String(format: "%.4f", estimate.aspectRatio)) (A4 0.7071, \(estimate.method)), "
        + "focal length \(estimate.focalLength.map { String(format: "%.0f", $0) } ?? "-") px")
    scenarios.append(Scenario(name: "a4-\(Int(dpi))dpi", dpi: dpi, plan: page.plan, output: page.image))
}

// MARK: - Peer

let photoFile = "photo-4032x3024.rgb"
_ = photo.withUnsafeBytes { bytes in
    FileManager.default.createFile(atPath: directory.appendingPathComponent(photoFile).path, contents: Data(buffer: bytes))
}
/// Our output-to-photo map in OpenCV's convention, where pixel centres sit at integers:
/// shift output centres by +½ before, photo coordinates by −½ after.
func openCVMatrix(_ h: Homography) -> [Double] {
    let toCorners = Homography(matrix: [1, 0, 0.5, 0, 1, 0.5, 0, 0, 1])
    let toCentres = Homography(matrix: [1, 0, -0.5, 0, 1, -0.5, 0, 0, 1])
    return (toCentres * h * toCorners).matrix
}
let params: [String: Any] = [
    "photo": photoFile, "width": photo.width, "height": photo.height,
    "scenarios": scenarios.map { ["name": $0.name, "width": $0.plan.width, "height": $0.plan.height, "matrix": openCVMatrix($0.plan.outputToPhoto)] },
]
try JSONSerialization.data(withJSONObject: params).write(to: directory.appendingPathComponent("params.json"))
let peer: OpenCVPeer? = flatbedOnly ? nil : try OpenCVPeer(directory: directory)

// MARK: - Timing

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

struct Row {
    let scenario: Scenario
    let threads: Int
    let flatbed: [Double]
    let linear: [Double]
    let area: [Double]
}
var rows: [Row] = []
for scenario in scenarios {
    for threads in [1, cores] {
        var options = tuning
        options.dpi = scenario.dpi
        options.threads = threads
        let rectifier = Rectifier(options: options)
        let page = try rectifier.rectify(photo, quad: scene.quad)  // warm-up
        precondition(page.image == scenario.output, "the thread count changed the output")
        var flatbed: [Double] = [], linear: [Double] = [], area: [Double] = []
        for _ in 0..<runs {
            flatbed.append(try milliseconds { _ = try rectifier.rectify(photo, quad: scene.quad) })
            if let peer {
                linear.append(try peer.time(scenario.name, "linear", threads: threads))
                area.append(try peer.time(scenario.name, "area", threads: threads))
            }
        }
        rows.append(Row(scenario: scenario, threads: threads, flatbed: flatbed, linear: linear, area: area))
    }
}

// MARK: - Report

guard let peer else {
    for row in rows {
        let ideal = Quality.idealPage(width: row.scenario.plan.width, height: row.scenario.plan.height, samples: 4)
        print(String(
            format: "%@, %d thread(s): %.1f ms, PSNR %.2f dB, mean gradient %.2f (ideal %.2f)", row.scenario.name, row.threads,
            median(row.flatbed), Quality.psnr(row.scenario.output, ideal), Quality.meanGradient(row.scenario.output), Quality.meanGradient(ideal)))
    }
    exit(0)
}

print("\nFlatbed Rectifier vs OpenCV \(peer.version) cv2.warpPerspective, 4032×3024 RGB photo → A4, "
    + "median of \(runs) alternated runs (min in brackets), \(cores) cores")
print("| output | threads | Flatbed ms | OpenCV INTER_LINEAR ms | Flatbed/OpenCV | OpenCV INTER_AREA ms |")
print("|---|---|---|---|---|---|")
for row in rows {
    let plan = row.scenario.plan
    print(String(
        format: "| %d×%d (%d dpi) | %d | %.1f (%.1f) | %.1f (%.1f) | **%.2f×** | %.1f (%.1f) |",
        plan.width, plan.height, Int(row.scenario.dpi), row.threads, median(row.flatbed), row.flatbed.min()!,
        median(row.linear), row.linear.min()!, median(row.flatbed) / median(row.linear), median(row.area), row.area.min()!))
}
let identical = try scenarios.map { try peer.writeOutput($0.name) }
peer.stop()
print("OpenCV's warpPerspective does not implement INTER_AREA (it falls back to bilinear); identical to INTER_LINEAR: "
    + identical.map { "\($0)" }.joined(separator: ", "))

print("\nSharpness and fidelity, luma, against the page rendered directly at the output size (8×8 supersampled):")
print("| output | mean gradient Flatbed | mean gradient OpenCV | mean gradient ideal | PSNR Flatbed dB | PSNR OpenCV dB | mean abs diff Flatbed–OpenCV |")
print("|---|---|---|---|---|---|---|")
for scenario in scenarios {
    let plan = scenario.plan
    let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(scenario.name + "-opencv.rgb")))
    let theirs = Image<RGB8>(width: plan.width, height: plan.height) { (buffer: UnsafeMutableBufferPointer<UInt8>) in
        _ = buffer.initialize(from: bytes)
    }
    let ideal = Quality.idealPage(width: plan.width, height: plan.height, samples: 8)
    print(String(
        format: "| %d×%d | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f |", plan.width, plan.height,
        Quality.meanGradient(scenario.output), Quality.meanGradient(theirs), Quality.meanGradient(ideal),
        Quality.psnr(scenario.output, ideal), Quality.psnr(theirs, ideal), Quality.meanAbsoluteDifference(scenario.output, theirs)))
}
