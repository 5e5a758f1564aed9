import CLAPACKE

/// A LAPACK routine failed: `info` is LAPACK's own code (negative: bad argument `-info`;
/// positive: numerical failure, e.g. a rank-deficient matrix in `dgels`).
public struct LAPACKError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The routine that failed, e.g. `dgels`.
    public var routine: String
    /// LAPACK's `info` return value.
    public var info: Int

    /// Creates an error.
    public init(routine: String, info: Int) {
        self.routine = routine
        self.info = info
    }

    public var description: String {
        info < 0
            ? "LAPACK \(routine): argument \(-info) is invalid"
            : "LAPACK \(routine): the matrix is rank deficient or singular (info \(info))"
    }
}

/// Dense linear least squares `min ||A x - b||` through LAPACK, reusing its workspace.
///
/// Matrices are column-major (`a[row + col * rows]`), which is LAPACK's native layout, so nothing
/// is transposed. One instance owns scratch buffers sized on first use and grown only when a larger
/// problem arrives, so repeated solves of the same shape allocate nothing. Not thread-safe: one
/// solver per fitter.
///
/// ```swift
/// let ls = LeastSquares()
/// // fit y = c0 + c1 x to (0,1), (1,3), (2,5)
/// let x = try ls.solve(a: [1, 1, 1, 0, 1, 2], rows: 3, columns: 2, b: [1, 3, 5])  // [1, 2]
/// ```
public final class LeastSquares {
    private var aScratch: [Double] = []
    private var bScratch: [Double] = []
    private var work: [Double] = []
    private var iwork: [Int32] = []
    private var singular: [Double] = []

    /// Creates a solver with empty workspace.
    public init() {}

    /// Solves a full-rank problem with QR (`dgels`). `a` is `rows x columns`, column-major;
    /// `rows >= columns`. Returns the `columns` coefficients.
    /// Throws `LAPACKError` when LAPACK reports an invalid argument or an exactly singular `R`.
    public func solve(a: [Double], rows: Int, columns: Int, b: [Double]) throws -> [Double] {
        try solve(a: a, rows: rows, columns: columns, b: b, allowingUnscaled: true)
    }

    /// `solve`, through `dgels` itself unless `allowingUnscaled` (tests compare the two).
    func solve(a: [Double], rows: Int, columns: Int, b: [Double], allowingUnscaled: Bool) throws -> [Double] {
        precondition(a.count == rows * columns && b.count == rows && rows >= columns && columns > 0)
        aScratch.removeAll(keepingCapacity: true)
        aScratch.append(contentsOf: a)
        bScratch.removeAll(keepingCapacity: true)
        bScratch.append(contentsOf: b)
        let m = Int32(rows), n = Int32(columns)
        let trans = CChar(UInt8(ascii: "N"))
        // dgels needs at most min(m,n) + max(m,n,1) * nb; a generous fixed bound avoids a query.
        let need = max(1, columns + max(rows, columns) * 64)
        if work.count < need { work = [Double](repeating: 0, count: need) }
        if allowingUnscaled, Self.isUnscaled(a), Self.isUnscaled(b) {
            return try solveUnscaled(rows: rows, columns: columns)
        }
        let info = LAPACKE_dgels_work(
            LAPACK_COL_MAJOR, trans, m, n, 1, &aScratch, m, &bScratch, m, &work,
            Int32(work.count))
        guard info == 0 else { throw LAPACKError(routine: "dgels", info: Int(info)) }
        return Array(bScratch[0..<columns])
    }

    /// Whether `dgels` would leave `values` unscaled: their largest magnitude is within
    /// [`smallestUnscaled`, 1 / `smallestUnscaled`] (it scales A or b outside it, and returns zeros
    /// for an all-zero A). NaN is not: it goes to `dgels` too.
    private static func isUnscaled(_ values: [Double]) -> Bool {
        let small = smallestUnscaled, big = 1 / small
        return values.withUnsafeBufferPointer { v in
            var largest = 0.0
            for x in v {
                let t = abs(x)
                guard t <= big else { return false }
                if t > largest { largest = t }
            }
            return largest >= small
        }
    }

    /// `dgels`'s own steps for a problem it would not scale (`isUnscaled`): `dgeqrf`, `dormqr` and
    /// `dtrtrs` on the same arrays and workspace, so the same results bit for bit. `dgels` first
    /// takes the largest entry of `A` and of `b` (`dlange`, which calls a function per entry to
    /// test for NaN) and asks `ilaenv` for block sizes; for the late-approach fits' 48 x 3
    /// problems that was a quarter of its time. The scratch arrays are lent to LAPACK once each
    /// (each `&` of a class's property is a dynamic exclusivity check).
    private func solveUnscaled(rows: Int, columns: Int) throws -> [Double] {
        let m = Int32(rows), n = Int32(columns), mn = min(rows, columns)
        let info = aScratch.withUnsafeMutableBufferPointer { ap in
            bScratch.withUnsafeMutableBufferPointer { bp in
                work.withUnsafeMutableBufferPointer { w -> Int32 in
                    guard let a = ap.baseAddress, let b = bp.baseAddress, let tau = w.baseAddress else { return -1 }
                    let rest = tau + mn, lwork = Int32(w.count - mn)
                    _ = LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, m, n, a, m, tau, rest, lwork)
                    _ = LAPACKE_dormqr_work(
                        LAPACK_COL_MAJOR, CChar(UInt8(ascii: "L")), CChar(UInt8(ascii: "T")), m, 1, n, a, m, tau,
                        b, m, rest, lwork)
                    return LAPACKE_dtrtrs_work(
                        LAPACK_COL_MAJOR, CChar(UInt8(ascii: "U")), CChar(UInt8(ascii: "N")), CChar(UInt8(ascii: "N")),
                        n, 1, a, m, b, m)
                }
            }
        }
        guard info == 0 else { throw LAPACKError(routine: "dgels", info: Int(info)) }
        return Array(bScratch[0..<columns])
    }

    /// `dgels`'s `SMLNUM`: safe minimum over precision.
    private static let smallestUnscaled =
        LAPACKE_dlamch(CChar(UInt8(ascii: "S"))) / LAPACKE_dlamch(CChar(UInt8(ascii: "P")))

    /// Solves a possibly rank-deficient problem with the SVD (`dgelsd`): the minimum-norm solution,
    /// singular values below `rcond * largest` treated as zero. Returns the coefficients and the
    /// effective rank.
    public func solveMinimumNorm(
        a: [Double], rows: Int, columns: Int, b: [Double], rcond: Double = 1e-10
    ) throws -> (x: [Double], rank: Int) {
        precondition(a.count == rows * columns && b.count == rows && rows > 0 && columns > 0)
        aScratch.removeAll(keepingCapacity: true)
        aScratch.append(contentsOf: a)
        let ldb = max(rows, columns)
        bScratch.removeAll(keepingCapacity: true)
        bScratch.append(contentsOf: b)
        while bScratch.count < ldb { bScratch.append(0) }
        if singular.count < min(rows, columns) {
            singular = [Double](repeating: 0, count: min(rows, columns))
        }
        var rank: Int32 = 0
        var query = 0.0
        var iquery: Int32 = 0
        let m = Int32(rows), n = Int32(columns)
        var info = LAPACKE_dgelsd_work(
            LAPACK_COL_MAJOR, m, n, 1, &aScratch, m, &bScratch, Int32(ldb), &singular, rcond,
            &rank, &query, -1, &iquery)
        guard info == 0 else { throw LAPACKError(routine: "dgelsd", info: Int(info)) }
        let need = max(1, Int(query)), ineed = max(1, Int(iquery))
        if work.count < need { work = [Double](repeating: 0, count: need) }
        if iwork.count < ineed { iwork = [Int32](repeating: 0, count: ineed) }
        info = LAPACKE_dgelsd_work(
            LAPACK_COL_MAJOR, m, n, 1, &aScratch, m, &bScratch, Int32(ldb), &singular, rcond,
            &rank, &work, Int32(work.count), &iwork)
        guard info == 0 else { throw LAPACKError(routine: "dgelsd", info: Int(info)) }
        return (Array(bScratch[0..<columns]), Int(rank))
    }
}
