import Glibc

/// Converts a stream of mono samples from any rate to the recogniser's 16 kHz, with a windowed
/// sinc low-pass (Blackman window) so that 44.1 and 48 kHz recordings do not fold their upper
/// band onto the speech band the model listens to.
package struct Resampler {
    let inputRate: Int
    let outputRate: Int
    private let step: Double
    private let cutoff: Double
    private let halfWidth: Int
    /// Input not yet fully used, starting at absolute input index `bufferStart`.
    private var buffer: [Float] = []
    private var bufferStart = 0
    private var nextOutput = 0

    package init(from inputRate: Int, to outputRate: Int = 16_000) {
        self.inputRate = inputRate
        self.outputRate = outputRate
        step = Double(inputRate) / Double(outputRate)
        // Pass band to 0.95 of the lower Nyquist frequency; 16 zero crossings each side.
        cutoff = min(1, Double(outputRate) / Double(inputRate)) * 0.95
        halfWidth = Int((16 / cutoff).rounded(.up))
    }

    /// Samples at the output rate for `input`; `final` flushes what the end of the input allows.
    package mutating func process(_ input: [Float], final: Bool = false) -> [Int16] {
        if inputRate == outputRate {
            return input.map(Self.toInt16)
        }
        buffer += input
        var output: [Int16] = []
        let available = bufferStart + buffer.count
        while true {
            let center = Double(nextOutput) * step
            let base = Int(center.rounded(.down))
            if base + halfWidth >= available {
                if !final || base >= available { break }
            }
            var sum = 0.0
            for index in (base - halfWidth + 1)...(base + halfWidth) {
                let local = index - bufferStart
                guard local >= 0, local < buffer.count else { continue }
                let x = center - Double(index)
                sum += Double(buffer[local]) * kernel(x)
            }
            output.append(Self.toInt16(Float(sum)))
            nextOutput += 1
        }
        let keepFrom = Int((Double(nextOutput) * step).rounded(.down)) - halfWidth
        if keepFrom > bufferStart {
            buffer.removeFirst(min(keepFrom - bufferStart, buffer.count))
            bufferStart = keepFrom
        }
        return output
    }

    private func kernel(_ x: Double) -> Double {
        let position = x / Double(halfWidth)
        guard abs(position) < 1 else { return 0 }
        let argument = Double.pi * cutoff * x
        let sinc = abs(argument) < 1e-9 ? 1 : sin(argument) / argument
        let window = 0.42 + 0.5 * cos(Double.pi * position) + 0.08 * cos(2 * Double.pi * position)
        return cutoff * sinc * window
    }

    static func toInt16(_ value: Float) -> Int16 {
        let scaled = (value * 32768).rounded()
        return Int16(max(-32768, min(32767, scaled)))
    }
}
