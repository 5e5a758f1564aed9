import CookcastCore

/// Decoder throughput on real seed-probe packets (readings, status, and garbage).
struct DecodeBenchmarks {
    let harness: BenchmarkHarness
    let packets: Int

    func run() -> [BenchmarkHarness.Result] {
        let corpus: [[UInt8]] = [
            [0x00, 0x00, 0x00, 0x64, 0xF5, 0x00, 0xFB, 0x00, 0xDD],
            SeedProbeDecoder.capturedStatus,
            [0x00, 0x00, 0x00, 0x14, 0xDE, 0x00, 0xF0, 0x00, 0xE9],
            [0x00, 0x00, 0x00, 0x64, 0xFF, 0xFF, 0xFB, 0x00, 0xDD],
            [0x00, 0x00, 0x64],
        ]
        let decoder = SeedProbeDecoder()
        return [
            harness.measure("decode seed-probe packets", unit: "packets/s", higherIsBetter: true) {
                var readings = 0
                for i in 0..<packets {
                    if case .reading = decoder.decode(corpus[i % corpus.count], elapsedSeconds: Double(i), channel: 1) {
                        readings += 1
                    }
                }
                blackHole(readings)
                return packets
            }
        ]
    }
}
