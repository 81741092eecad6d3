// TEMPORARY
import Foundation
let DEBUGLINES = ProcessInfo.processInfo.environment["DEBUGLINES"] != nil
func debugDump(lines: [DetectedLine], edges: EdgeMap, factor: Int) {
    var s = "{\"thr\":\(edges.highThreshold),\"edges\":\(edges.pixels.count),\"lines\":["
    s += lines.map { "[\($0.nx),\($0.ny),\($0.rho * Double(factor)),\($0.votes)]" }.joined(separator: ",")
    s += "]}\n"
    FileHandle.standardError.write(s.data(using: .utf8)!)
}

struct DebugClock {
    var last = DispatchTime.now().uptimeNanoseconds
    var laps: [(String, Double)] = []
    mutating func lap(_ n: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((n, Double(now - last) / 1e6)); last = now
    }
    func report() {
        if ProcessInfo.processInfo.environment["DEBUGTIME"] != nil {
            FileHandle.standardError.write((laps.map { "\($0.0)=\(String(format: "%.2f", $0.1))" }.joined(separator: " ") + "\n").data(using: .utf8)!)
        }
    }
}

func DEBUGENV(_ n: String) -> Double? { ProcessInfo.processInfo.environment[n].flatMap(Double.init) }

func debugEdges(_ e: EdgeMap) {
    guard let path = ProcessInfo.processInfo.environment["EDGEDUMP"] else { return }
    var d = Data("P5\n\(e.width) \(e.height)\n255\n".utf8)
    d.append(contentsOf: e.isEdge.map { $0 * 255 })
    _ = FileManager.default.createFile(atPath: path, contents: d)
}

func debugSegments(_ segs: [LineSegment], factor: Int) {
    guard ProcessInfo.processInfo.environment["SEGDUMP"] != nil else { return }
    let f = Double(factor)
    let body = segs.map { s in
        "[\((s.cx + s.ny * s.length / 2) * f),\((s.cy - s.nx * s.length / 2) * f),\((s.cx - s.ny * s.length / 2) * f),\((s.cy + s.nx * s.length / 2) * f)]"
    }.joined(separator: ",")
    FileHandle.standardError.write("{\"segs\":[\(body)]}\n".data(using: .utf8)!)
}
