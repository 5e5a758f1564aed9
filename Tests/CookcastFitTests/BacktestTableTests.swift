import CookcastCore
import Testing

@testable import CookcastFit

/// `cookcast fit --backtest`'s table says how many cooks and probes each row scored.
@Suite struct BacktestTableTests {
    /// QA: the table's `n` counted checkpoints (four a probe), read as cooks: a chicken cook of
    /// two probes read `chicken 8`. Cook A of three probes and cook B of one: 2 cooks, 4 probes.
    @Test func theRowsCountCooksAndProbesNotCheckpoints() {
        let groups = ["A", "A", "A", "B"]
        let cooks = [8000.0, 9_000, 10_000, 12_000].enumerated().map { i, tau in
            let c = SyntheticCook(tau: tau, faults: false)
            return BacktestCook(
                id: "\(groups[i])\(i)", cutName: "prime_rib", cut: nil, readings: c.readings, targetCelsius: 54,
                trueFinishSeconds: c.trueFinish, group: groups[i])
        }
        let lines = Backtest.run(cooks: cooks).table().split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("cut               cooks  probes   @25% med/p90") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("prime_rib             2       4   ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("ALL                   2       4   ") }, "\(lines)")
    }
}
