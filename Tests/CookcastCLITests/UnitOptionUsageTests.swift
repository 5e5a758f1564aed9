import Testing

/// Every command that shows temperatures names `--unit c|f` in its usage line (`--help`, and after
/// a usage error). QA: `fit` (its air column), `import` (the target it took) and `predict` (probe
/// and target) printed Fahrenheit under `--unit f`, but their usage lines did not say they take it.
@Suite struct UnitOptionUsageTests {
    @Test(arguments: ["sessions", "show", "plot", "decode", "predict", "import", "fit"])
    func theUsageLineNamesTheUnitOption(command: String) async {
        let box = Sandbox()
        defer { box.cleanup() }
        let help = await box.run([command, "--help"])
        let usage = help.out.split(separator: "\n").first { $0.hasPrefix("usage: cookcast \(command)") }
        #expect(usage?.hasSuffix("[--unit c|f]") == true, "\(help.out)")
    }
}
