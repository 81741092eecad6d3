import Foundation

/// Standard output and error for the commands: results to stdout, diagnostics and progress to
/// stderr, progress only when stderr is a terminal.
final class Console: @unchecked Sendable {
    private let lock = NSLock()
    /// True when stderr is a terminal, so a live progress line makes sense.
    let showsProgress: Bool
    private var progressVisible = false

    init() {
        showsProgress = isatty(STDERR_FILENO) != 0
    }

    /// Writes a line to stdout and flushes it, so each JSON line reaches a pipe at once.
    func output(_ line: String) {
        lock.withLock {
            clearProgress()
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
    }

    /// Writes `flatbed: error: MESSAGE` to stderr.
    func error(_ message: String) { diagnostic("flatbed: error: \(message)") }

    /// Writes `flatbed: warning: MESSAGE` to stderr.
    func warning(_ message: String) { diagnostic("flatbed: warning: \(message)") }

    /// Writes a plain note to stderr.
    func note(_ message: String) { diagnostic("flatbed: \(message)") }

    /// Shows `[done/total] label` on one self-overwriting stderr line (terminal only).
    func progress(_ done: Int, of total: Int, _ label: String) {
        guard showsProgress else { return }
        lock.withLock {
            let text = "[\(done)/\(total)] \(label)"
            writeError("\r\u{1B}[K" + String(text.prefix(100)))
            progressVisible = true
        }
    }

    /// Removes the progress line.
    func endProgress() { lock.withLock { clearProgress() } }

    private func diagnostic(_ line: String) {
        lock.withLock {
            clearProgress()
            writeError(line + "\n")
        }
    }

    private func clearProgress() {
        if progressVisible {
            writeError("\r\u{1B}[K")
            progressVisible = false
        }
    }

    private func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
