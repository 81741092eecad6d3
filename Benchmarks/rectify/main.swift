// rectify-benchmark: Flatbed's Rectifier against OpenCV's cv2.warpPerspective on a synthetic
// 12-megapixel photo of an A4 page, same input, quad and output size, same run.
//
//   swift run -c release --scratch-path /tmp/build-rectify rectify-benchmark [--runs N] [--dpi 300,150] [--flatbed-only]
//       [--minification-tolerance T]
import Foundation
import ScanCore
import ScanEnhance

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let runs = option("--runs").flatMap { Int($0) } ?? 7
let dpis = (option("--dpi") ?? "300,150").split(separator: ",").compactMap { Double($0) }
var tuning = Rectifier.Options()
if let tolerance = option("--minification-tolerance").flatMap({ Double($0) }) { tuning.minificationTolerance = tolerance }
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rectify-benchmark")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

// MARK: - Input

let scene = SyntheticPhoto(width: 4032, height: 3024, focalLength: 3000, pitch: 18, yaw: -12, roll: 3, distance: 370)
print("rendering the 4032×3024 photo…")
let photo = scene.render(samples: 2)
print("quad: \(scene.quad)")

struct Scenario {
    let name: String
    let dpi: Double
}
let scenarios = dpis.map { Scenario(name: "a4-\(Int($0))dpi", dpi: $0) }

func medianMilliseconds(_ runs: Int, _ body: () -> Void) -> Double {
    body()  // warm-up
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return times.sorted()[times.count / 2]
}

// MARK: - Flatbed

struct FlatbedResult {
    let plan: RectificationPlan
    let output: Image<RGB8>
    let single: Double
    let all: Double
}
var flatbed: [String: FlatbedResult] = [:]
for scenario in scenarios {
    var options = tuning
    options.dpi = scenario.dpi
    let all = Rectifier(options: options)
    options.threads = 1
    let single = Rectifier(options: options)
    let page = try single.rectify(photo, quad: scene.quad)
    let estimate = page.plan.estimate
    print("\(scenario.name): \(page.plan.width)×\(page.plan.height), paper \(page.plan.paperSize?.name ?? "none"), "
        + "estimated ratio \(String(format: "%.4f", estimate.aspectRatio)) (A4 0.7071, \(estimate.method)), "
        + "focal length \(estimate.focalLength.map { String(format: "%.0f", $0) } ?? "-") px (true 3000)")
    let t1 = medianMilliseconds(runs) { _ = try? single.rectify(photo, quad: scene.quad) }
    let tn = medianMilliseconds(runs) { _ = try? all.rectify(photo, quad: scene.quad) }
    let parallel = try all.rectify(photo, quad: scene.quad)
    precondition(parallel.image == page.image, "thread count changed the output")
    flatbed[scenario.name] = FlatbedResult(plan: page.plan, output: page.image, single: t1, all: tn)
}

if arguments.contains("--flatbed-only") {
    for scenario in scenarios {
        let r = flatbed[scenario.name]!
        let ideal = Quality.idealPage(width: r.plan.width, height: r.plan.height, samples: 4)
        print(String(
            format: "%@: %.1f ms on 1 thread, %.1f ms on all cores, PSNR %.2f dB, mean gradient %.2f (ideal %.2f)",
            scenario.name, r.single, r.all, Quality.psnr(r.output, ideal), Quality.meanGradient(r.output), Quality.meanGradient(ideal)))
    }
    exit(0)
}

// MARK: - OpenCV

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
    "photo": photoFile, "width": photo.width, "height": photo.height, "runs": runs,
    "scenarios": scenarios.map { s -> [String: Any] in
        let plan = flatbed[s.name]!.plan
        return ["name": s.name, "width": plan.width, "height": plan.height, "matrix": openCVMatrix(plan.outputToPhoto)]
    },
]
try JSONSerialization.data(withJSONObject: params).write(to: directory.appendingPathComponent("params.json"))

let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("opencv_warp.py")
let python = Process()
python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
python.arguments = ["python3", script.path, directory.path]
let pipe = Pipe()
python.standardOutput = pipe
print("running OpenCV…")
try python.run()
let reply = pipe.fileHandleForReading.readDataToEndOfFile()
python.waitUntilExit()
guard python.terminationStatus == 0,
      let peer = try JSONSerialization.jsonObject(with: reply) as? [String: Any],
      let peerScenarios = peer["scenarios"] as? [String: [String: Any]]
else {
    print("rectify-benchmark: error: \(script.path) failed; is python3 with opencv-python installed?")
    exit(1)
}

// MARK: - Report

let cores = Parallel.processorCount
print("\nFlatbed Rectifier vs OpenCV \(peer["opencv"] ?? "?") warpPerspective, 4032×3024 RGB photo, median of \(runs) runs, \(cores) cores")
print("| output | threads | Flatbed ms | OpenCV LINEAR ms | ratio Flatbed/OpenCV | OpenCV AREA ms |")
print("|---|---|---|---|---|---|")
for scenario in scenarios {
    let ours = flatbed[scenario.name]!, theirs = peerScenarios[scenario.name]!
    let label = "\(ours.plan.width)×\(ours.plan.height) (\(Int(scenario.dpi)) dpi)"
    for (threads, key, time) in [("1", "1", ours.single), ("\(cores)", "all", ours.all)] {
        let linear = theirs["linear_" + key] as! Double, area = theirs["area_" + key] as! Double
        print(String(format: "| %@ | %@ | %.1f | %.1f | %.2f× | %.1f |", label, threads, time, linear, time / linear, area))
    }
}
print("(OpenCV's warpPerspective has no INTER_AREA: it runs bilinear; AREA output identical to LINEAR: "
    + scenarios.map { "\(peerScenarios[$0.name]!["area_equals_linear"]!)" }.joined(separator: ", ") + ")")

print("\nSharpness and fidelity against the page rendered directly at the output size (8×8 supersampled):")
print("| output | mean gradient Flatbed | mean gradient OpenCV | mean gradient ideal | PSNR Flatbed dB | PSNR OpenCV dB | mean abs diff Flatbed–OpenCV |")
print("|---|---|---|---|---|---|---|")
for scenario in scenarios {
    let ours = flatbed[scenario.name]!
    let file = directory.appendingPathComponent(scenario.name + "-opencv.rgb")
    let bytes = [UInt8](try Data(contentsOf: file))
    let theirs = Image<RGB8>(width: ours.plan.width, height: ours.plan.height) { (buffer: UnsafeMutableBufferPointer<UInt8>) in
        _ = buffer.initialize(from: bytes)
    }
    let ideal = Quality.idealPage(width: ours.plan.width, height: ours.plan.height, samples: 8)
    print(String(
        format: "| %dx%d | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f |", ours.plan.width, ours.plan.height,
        Quality.meanGradient(ours.output), Quality.meanGradient(theirs), Quality.meanGradient(ideal),
        Quality.psnr(ours.output, ideal), Quality.psnr(theirs, ideal), Quality.meanAbsoluteDifference(ours.output, theirs)))
}
