import Testing

@testable import CookcastCLI

@Suite struct ParsedArgumentsTests {
    let spec = OptionSpec(valued: ["replay", "target", "speed", "o"], flags: ["plain", "json"])

    func usageMessage(_ arguments: [String]) -> String? {
        do throws(CLIError) {
            _ = try ParsedArguments(arguments, spec: spec)
            return nil
        } catch {
            return error.exitCode == ExitCode.usage ? error.message : "exit \(error.exitCode)"
        }
    }

    @Test func anOptionIsNotTakenAsTheValueOfTheOneBefore() {
        #expect(usageMessage(["--replay", "--plain"]) == "option '--replay' needs a value, got the option '--plain'")
        #expect(usageMessage(["--replay", "--"]) != nil)
        #expect(usageMessage(["--speed", "--json", "max"]) != nil)
        #expect(usageMessage(["--target", "-h"]) != nil)
        #expect(usageMessage(["--replay", "-o", "x"]) != nil)
        #expect(usageMessage(["-o", "--plain"]) != nil)
    }

    @Test func negativeNumbersDashesAndExplicitValuesStillWork() throws {
        let parsed = try ParsedArguments(["--target", "-5", "--speed=--odd", "-o", "-", "--plain"], spec: spec)
        #expect(parsed.value("target") == "-5")
        #expect(try parsed.double("target") == -5)
        #expect(parsed.value("speed") == "--odd")
        #expect(parsed.value("o") == "-")
        #expect(parsed.flag("plain"))
        #expect(try ParsedArguments(["--target", "-0.5e1"], spec: spec).value("target") == "-0.5e1")
    }

    /// QA: `cookcast export 1 -o` said "option '--o' needs a value", and `show 1 -x` "unknown
    /// option '--x'": options the user never typed.
    @Test func aShortOptionIsNamedAsTyped() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let export = await box.run(["export", "1", "-o"])
        #expect(export.status == ExitCode.usage)
        #expect(export.err.hasPrefix("cookcast export: option '-o' needs a value\n"), "\(export.err)")
        let twice = await box.run(["plot", "1", "-o", "a.svg", "-o", "b.svg"])
        #expect(twice.err.hasPrefix("cookcast plot: option '-o' given more than once\n"), "\(twice.err)")
        let unknown = await box.run(["show", "1", "-x"])
        #expect(unknown.err.hasPrefix("cookcast show: unknown option '-x'\n"), "\(unknown.err)")
        let long = await box.run(["show", "1", "--readings"])
        #expect(long.err.hasPrefix("cookcast show: option '--readings' needs a value\n"), "\(long.err)")
    }

    @Test func liveSaysWhichOptionLacksItsValue() async {
        let box = Sandbox()
        defer { box.cleanup() }
        // The old parser took --plain as the file name (exit 66) and max as a stray argument.
        let replay = await box.run(["live", "--replay", "--plain"])
        #expect(replay.status == 64)
        #expect(replay.err.hasPrefix("cookcast live: option '--replay' needs a value"))
        let simulate = await box.run(["live", "--simulate", "--speed", "max"])
        #expect(simulate.status == 64)
        #expect(simulate.err.hasPrefix("cookcast live: option '--simulate' needs a value"))
        let cold = box.write("cold.csv", "t_s,probe_c,ambient_c\n0,-20,-18\n60,-15,-18\n120,-10,-18\n")
        let negative = await box.run(["live", "--replay", cold, "--speed", "max", "--plain", "--target", "-5"])
        #expect(negative.status == 0, "\(negative.err)")
        #expect(negative.out.contains("target -5.0 C"))
    }

    @Test func anEmptyDatabasePathIsAUsageError() async {
        let box = Sandbox()
        defer { box.cleanup() }
        // It used to open SQLite's temporary database: "database  has schema version 0...".
        for command in [["sessions"], ["live", "--simulate", "steak", "--speed", "max"], ["show", "1"]] {
            for empty in ["", " "] {
                let r = await box.run(command + ["--db", empty])
                #expect(r.status == 64)
                let message = "cookcast \(command[0]): option '--db' needs a database path, got an empty one\n"
                #expect(r.err.hasPrefix(message))
            }
        }
        let emptyFile = await box.run(["live", "--replay", ""])
        #expect(emptyFile.status == 64)
        #expect(emptyFile.err.hasPrefix("cookcast live: option '--replay' needs a file name"))
    }
}

/// QA: `cookcast --unit f sessions` said "unknown command '--unit'", though the help calls
/// `--unit` and `--db` global options.
@Suite struct GlobalOptionsBeforeCommandTests {
    @Test func globalOptionsMayComeBeforeTheCommand() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let cook = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20.5,150\n30,21.5,150\n")
        let other = box.directory + "/other.db"
        #expect(await box.run(["--db", other, "import", cook]).status == 0)
        let listed = await box.run(["--unit", "f", "--db=\(other)", "sessions"])
        #expect(listed.status == 0, "\(listed.err)")
        #expect(listed.out.contains("70.7 F"))  // 21.5 C shown in Fahrenheit
        #expect(await box.run(["sessions"]).out.contains("cook") == false)  // the default database is empty
        let shown = await box.run(["--unit=f", "show", "1", "--db", other])
        #expect(shown.status == 0, "\(shown.err)")
        #expect(await box.run(["--unit", "f", "--help"]).status == 0)
    }

    @Test func aGlobalOptionWithoutValueOrCommandIsAUsageError() async {
        let box = Sandbox()
        defer { box.cleanup() }
        for arguments in [["--unit"], ["--unit", "f"], ["--db", "--unit", "f", "sessions"]] {
            let r = await box.run(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.err.hasPrefix("cookcast: ") && !r.err.contains("unknown command"), "\(arguments): \(r.err)")
        }
        let twice = await box.run(["--unit", "f", "sessions", "--unit", "c"])
        #expect(twice.status == 64)
        #expect(twice.err.contains("more than once"))
    }
}
