import Testing

@testable import CookcastCore

@Suite struct TemperatureUnitTests {
    /// The same cook read in either unit stores the same values: 64.4 F came out as
    /// 17.999999999999996 C, and its content hash made a re-import look like another cook.
    @Test func fahrenheitConvertsToTheSameCelsiusAsTheCelsiusFile() {
        for celsius in stride(from: -20.0, through: 130, by: 0.1) {
            let tenth = (celsius * 10).rounded() / 10
            let fahrenheit = TemperatureUnit.fahrenheit.value(fromCelsius: tenth)
            #expect(TemperatureUnit.fahrenheit.celsius(from: fahrenheit) == tenth, "\(tenth) C via \(fahrenheit) F")
        }
    }

    /// A difference has no zero offset: 0.3 C is 0.5 F, not 32.5 F.
    @Test func aDifferenceIsScaledWithoutTheOffset() {
        #expect(TemperatureUnit.fahrenheit.formatDifference(celsius: 0.3) == "0.5 F")
        #expect(TemperatureUnit.celsius.formatDifference(celsius: 0.3) == "0.3 C")
    }
}
