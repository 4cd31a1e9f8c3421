/// Whether a PulseAudio source can be recorded from now, asked the way the listener asks
/// (a record stream opened and closed again), for a caller waiting for a lost source to come
/// back: a server restarted, a headset plugged in again.
public enum SourceProbe {
    /// Opens and closes a record stream on `device` (nil: the default source), giving the
    /// server the 2 s it gets at the start. Blocks; call it from a thread of the caller's own.
    public static func answers(device: String?) -> Bool {
        (try? PulseCapture(server: nil, device: device, timeout: .seconds(2))) != nil
    }
}
