import Foundation

/// One candidate's forecast (`ConductionFitter.forecast`) with everything that does not depend
/// on the time ahead taken out of the fitter once: per mode its rate, its amplitude, the
/// amplitude times the modal start-temperature weight, and the modal air state less the future
/// air. A crossing evaluates the forecast 20-40 times; read from the fitter's class arrays every
/// evaluation paid a dynamic exclusivity check per array access, and the residual's decay
/// recomputed the slowest mode's `exp`. The arithmetic is the fitter's own, in the same order,
/// so every value is bit-identical to it.
struct FrozenForecast {
    /// Per mode: rate (1/s), amplitude x modal start weight, amplitude, modal air state minus `a`.
    let modes: UnsafeMutableBufferPointer<Double>
    let modeCount: Int
    /// Future air (measured, before the offset), Celsius.
    let a: Double
    /// `staticGain * a`: the fast modes left out, following the air at once.
    let staticPart: Double
    let startCelsius: Double
    let offsetCelsius: Double
    let residual: Double

    /// Doubles of scratch `modes` needs for `modeCount` modes.
    static func scratchCount(modeCount: Int) -> Int { 4 * modeCount }

    /// Model temperature `sec` seconds after the last grid point, Celsius.
    func celsius(afterSeconds sec: Double) -> Double {
        var phi = 0.0, k = staticPart
        var slowestDecay = -1.0
        for m in 0..<modeCount {
            let j = 4 * m
            let x = modes[j] * sec
            if x > 40 {
                k += modes[j + 2] * a
                continue
            }
            // exp(-0) is exactly 1 (C Annex F): the crossing's first look, at 0 s, takes no exp.
            let e = x == 0 ? 1 : exp(-x)
            if m == 0 { slowestDecay = e }
            phi += modes[j + 1] * e
            k += modes[j + 2] * (a + modes[j + 3] * e)
        }
        // exp(-(r * s)) is exp((-r) * s): negation is exact.
        if slowestDecay < 0 { slowestDecay = exp(-modes[0] * sec) }
        return startCelsius * phi + k + offsetCelsius * (1 - phi) + residual * slowestDecay
    }
}
