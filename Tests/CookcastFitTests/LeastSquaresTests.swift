import Testing

@testable import CookcastFit

@Suite struct LeastSquaresTests {
    @Test func exactLineThroughThreePoints() throws {
        // y = 1 + 2x at x = 0, 1, 2; column-major [ones | x]
        let x = try LeastSquares().solve(a: [1, 1, 1, 0, 1, 2], rows: 3, columns: 2, b: [1, 3, 5])
        #expect(abs(x[0] - 1) < 1e-12)
        #expect(abs(x[1] - 2) < 1e-12)
    }

    @Test func overdeterminedMatchesNormalEquations() throws {
        // Points (0,1), (1,2), (2,2), (3,4): the least-squares line is y = 0.9 + 0.9x
        // (slope = Sxy/Sxx = 4.5/5, intercept = mean(y) - slope * mean(x) = 2.25 - 1.35).
        let ls = LeastSquares()
        let x = try ls.solve(a: [1, 1, 1, 1, 0, 1, 2, 3], rows: 4, columns: 2, b: [1, 2, 2, 4])
        #expect(abs(x[0] - 0.9) < 1e-12)
        #expect(abs(x[1] - 0.9) < 1e-12)
        // The workspace is reused: a second, larger solve on the same instance is still right.
        let n = 50
        var a = [Double](repeating: 1, count: n)
        a += (0..<n).map { (i: Int) -> Double in Double(i) }
        a += (0..<n).map { (i: Int) -> Double in Double(i * i) }
        let b: [Double] = (0..<n).map { (i: Int) -> Double in
            let x = Double(i)
            return 3 - 0.5 * x + 0.25 * x * x
        }
        let q = try ls.solve(a: a, rows: n, columns: 3, b: b)
        #expect(abs(q[0] - 3) < 1e-9 && abs(q[1] + 0.5) < 1e-9 && abs(q[2] - 0.25) < 1e-9)
    }

    @Test func rankDeficientGivesMinimumNorm() throws {
        // Two identical columns: x1 + x2 = 2 for every row; minimum norm is x1 = x2 = 1.
        let (x, rank) = try LeastSquares().solveMinimumNorm(a: [1, 1, 1, 1, 1, 1], rows: 3, columns: 2, b: [2, 2, 2])
        #expect(rank == 1)
        #expect(abs(x[0] - 1) < 1e-10 && abs(x[1] - 1) < 1e-10)
    }

    @Test func singularQRThrowsLAPACKError() {
        // A zero column makes R exactly singular: dgels reports info > 0.
        #expect(throws: LAPACKError.self) {
            _ = try LeastSquares().solve(a: [1, 2, 3, 0, 0, 0], rows: 3, columns: 2, b: [1, 2, 3])
        }
        let e = LAPACKError(routine: "dgels", info: 2)
        #expect(e.description.contains("dgels"))
    }
}
