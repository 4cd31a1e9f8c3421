/// Reading a headless Chromium's standard error: it is mostly complaints that D-Bus is missing
/// (there is no desktop session) and warnings about GPUs and sandboxes, which say nothing about
/// why it stopped.
enum BrowserLog {
    /// The last line that is not empty, not about D-Bus and not a mere warning or notice, without
    /// Chromium's "[pid:tid/time:LEVEL:file.cc(12)] " prefix. Lines without that prefix (another
    /// program's, or Chromium's own crash report) count.
    static func lastMeaningfulLine(_ log: String) -> String? {
        for line in log.split(separator: "\n").reversed() {
            // The file name in the prefix says it best: "dbus/bus.cc", "bluez_dbus_manager.cc".
            let lowered = line.lowercased()
            if lowered.contains("dbus") || lowered.contains("d-bus") { continue }
            if line.hasPrefix("["), line.contains(":WARNING:") || line.contains(":INFO:") || line.contains(":VERBOSE") { continue }
            var text = line.drop { $0 == " " }
            if text.hasPrefix("["), let end = text.firstIndex(of: "]") { text = text[text.index(after: end)...].drop { $0 == " " } }
            if !text.isEmpty { return String(text) }
        }
        return nil
    }
}
