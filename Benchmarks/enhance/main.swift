// The enhancement benchmark's Swift side, driven by run.sh and bench.py.
//
//   enhance-benchmark batch LIST   each line: INPUT.ppm OUTPUT.pnm MODE [METHOD|default] [rotate|norotate]
//                                  prints one JSON object per line: mode chosen, rotation, skew, quality, ms
//   enhance-benchmark time INPUT.ppm [REPEATS]
//                                  median wall time of every mode on one page
import Foundation
import ScanCore
import ScanEnhance

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// CPU time (user + system) of the whole process so far, in milliseconds: on a shared machine it
/// shows the work done independently of what else runs.
func cpuMilliseconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
}

func options(mode: EnhanceMode, method: BinarizationMethod, rotate: Bool) -> PageEnhancer.Options {
    var options = PageEnhancer.Options(mode: mode)
    options.binarization.method = method
    options.autoRotate = rotate
    options.deskew = rotate
    return options
}

func batch(_ listPath: String) throws {
    let list = try String(contentsOfFile: listPath, encoding: .utf8)
    for line in list.split(separator: "\n") {
        let fields = line.split(separator: " ").map(String.init)
        guard fields.count >= 3, let mode = EnhanceMode(rawValue: fields[2]) else {
            FileHandle.standardError.write(Data("skipping malformed line: \(line)\n".utf8))
            continue
        }
        // METHOD "default" (or none) keeps the library's default.
        let method = fields.count > 3 ? BinarizationMethod(rawValue: fields[3]) ?? Binarizer.Options().method : Binarizer.Options().method
        let rotate = fields.count > 4 ? fields[4] != "norotate" : true
        let page = try PNM.readRGB(fields[0])
        let enhancer = PageEnhancer(options: options(mode: mode, method: method, rotate: rotate))
        let clock = ContinuousClock()
        var result: EnhancedPage?
        let elapsed = clock.measure { result = enhancer.enhance(page) }
        guard let result else { continue }
        try PNM.write(result.image, to: fields[1])
        let warnings = result.quality.warnings.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        print("{\"input\":\"\(fields[0])\",\"mode\":\"\(result.mode)\",\"rotation\":\(result.rotation),"
            + "\"skew\":\(result.skewDegrees),\"sharpness\":\(result.quality.sharpness),\"glare\":\(result.quality.glare),"
            + "\"warnings\":[\(warnings)],\"ms\":\(milliseconds(elapsed))}")
    }
}

func time(_ path: String, repeats: Int) throws {
    let page = try PNM.readRGB(path)
    print("page \(page.width)×\(page.height), \(Parallel.processorCount) cores, median of \(repeats) runs")
    let cases: [(String, PageEnhancer.Options)] = [
        ("photo (orientation + quality only)", options(mode: .photo, method: .sauvola, rotate: true)),
        ("color", options(mode: .color, method: .sauvola, rotate: true)),
        ("gray", options(mode: .gray, method: .sauvola, rotate: true)),
        ("bw (sauvola)", options(mode: .bw, method: .sauvola, rotate: true)),
        ("bw (wolf-jolion)", options(mode: .bw, method: .wolfJolion, rotate: true)),
        ("auto", options(mode: .auto, method: .sauvola, rotate: true)),
        ("bw, no rotate/deskew", options(mode: .bw, method: .sauvola, rotate: false)),
    ]
    let clock = ContinuousClock()
    print("mode".padding(toLength: 36, withPad: " ", startingAt: 0) + "    wall ms     CPU ms")
    for (label, options) in cases {
        let enhancer = PageEnhancer(options: options)
        var walls: [Double] = [], cpus: [Double] = []
        for _ in 0..<repeats {
            let cpu = cpuMilliseconds()
            walls.append(milliseconds(clock.measure { _ = enhancer.enhance(page) }))
            cpus.append(cpuMilliseconds() - cpu)
        }
        walls.sort()
        cpus.sort()
        print(label.padding(toLength: 36, withPad: " ", startingAt: 0)
            + String(format: " %10.1f %10.1f", walls[walls.count / 2], cpus[cpus.count / 2]))
    }
}

/// Median wall time of each stage on one page, to see where an enhancement's time goes.
func stages(_ path: String, repeats: Int) throws {
    let page = try PNM.readRGB(path)
    let clock = ContinuousClock()
    func median(_ label: String, _ body: () -> Void) {
        var times: [Double] = []
        for _ in 0..<repeats { times.append(milliseconds(clock.measure(body))) }
        times.sort()
        print("  " + label.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%8.1f ms", times[times.count / 2]))
    }
    let normalizer = IlluminationNormalizer()
    let gray = normalizer.normalizedGray(page)
    print("stages on \(page.width)×\(page.height):")
    median("downscale to 600 px") { _ = page.downscaled(toLongSide: 600) }
    median("normalise (colour, saturation 1.2)") { _ = normalizer.normalized(page, saturation: 1.2) }
    median("normalise (gray)") { _ = normalizer.normalizedGray(page) }
    median("binarise (sauvola)") { _ = Binarizer().binarized(gray) }
    median("orientation + skew (gray input)") { _ = OrientationDetector().detect(gray) }
    median("rotate 1.3° (gray)") { _ = gray.rotated(byDegrees: 1.3) }
    median("rotate 1.3° (colour)") { _ = page.rotated(byDegrees: 1.3) }
    median("quality report") { _ = QualityAnalyzer().analyze(page) }
}

let arguments = CommandLine.arguments
do {
    switch arguments.count > 1 ? arguments[1] : "" {
    case "batch" where arguments.count == 3:
        try batch(arguments[2])
    case "stages" where arguments.count >= 3:
        try stages(arguments[2], repeats: arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3)
    case "time" where arguments.count >= 3:
        try time(arguments[2], repeats: arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3)
    default:
        FileHandle.standardError.write(Data("usage: enhance-benchmark batch LIST | time PAGE.ppm [REPEATS]\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("enhance-benchmark: error: \(error)\n".utf8))
    exit(1)
}
