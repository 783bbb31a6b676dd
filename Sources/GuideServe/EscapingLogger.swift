import FlyingSocks
import GuideModel

/// FlyingFox's log, printed as its own print logger prints it, but through `TerminalText`:
/// it quotes request paths, decoded, and any web page can make a browser ask for
/// `/%1B]0;title%07`.
struct EscapingLogger: Logging {
    func logDebug(_ debug: @autoclosure () -> String) {}
    func logInfo(_ info: @autoclosure () -> String) { write("info", info()) }
    func logWarning(_ warning: @autoclosure () -> String) { write("warning", warning()) }
    func logError(_ error: @autoclosure () -> String) { write("error", error()) }
    func logCritical(_ critical: @autoclosure () -> String) { write("critical", critical()) }

    private func write(_ level: String, _ message: String) {
        Swift.print("[FlyingFox] \(level): " + TerminalText.escaped(message))
    }
}
