import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

@Suite struct CommandLineTests {
    @Test func decodeWorkedExample() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run(["decode", "00000064F500FB00DD"])
        #expect(r.status == 0)
        #expect(r.out == "probe 24.5 C, ambient 25.1 C, battery 87 %\n")
        let f = await box.run(["decode", "00000064F500FB00DD", "--unit", "f"])
        #expect(f.out == "probe 76.1 F, ambient 77.2 F, battery 87 %\n")
        let status = await box.run(["decode", "00 01 B7 0D 01 FF FF FF"])
        #expect(status.out.hasPrefix("status packet (not a reading)"))
    }

    @Test func badPacketsAndBadUsageExitWithOneLine() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let short = await box.run(["decode", "0000"])
        #expect(short.status == 65)
        #expect(short.err.split(separator: "\n").count == 1)
        let notHex = await box.run(["decode", "zz"])
        #expect(notHex.status == 64)
        let unknownCommand = await box.run(["frobnicate"])
        #expect(unknownCommand.status == 64)
        #expect(unknownCommand.err.hasPrefix("cookcast: unknown command 'frobnicate'"))
        let unknownFlag = await box.run(["sessions", "--bogus"])
        #expect(unknownFlag.status == 64)
        #expect(unknownFlag.err.contains("unknown option '--bogus'"))
        #expect(unknownFlag.err.contains("usage: cookcast sessions"))
        let twoSources = await box.run(["live", "--simulate", "turkey", "--stdin"])
        #expect(twoSources.status == 64)
        let badSpeed = await box.run(["live", "--simulate", "turkey", "--speed", "fast"])
        #expect(badSpeed.status == 64)
        let badPreset = await box.run(["live", "--simulate", "ostrich"])
        #expect(badPreset.status == 64)
        #expect(badPreset.err.contains("turkey"))
    }

    @Test func helpForEveryCommand() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let overview = await box.run(["--help"])
        #expect(overview.status == 0)
        for command in CookcastMain.commands {
            #expect(overview.out.contains(command.name))
            let help = await box.run([command.name, "--help"])
            #expect(help.status == 0)
            #expect(help.out.contains("usage: cookcast \(command.name)"))
        }
    }

    /// A line of help that steps back out does so to a column used above it (an option's or its
    /// text's): "A probe's session continues only ..." (`live`) and "out, and counted in a note"
    /// (`import`) stood between the two, read as neither.
    @Test func helpLinesStepBackToAColumnAboveThem() async {
        let box = Sandbox()
        defer { box.cleanup() }
        for command in CookcastMain.commands {
            var columns: [Int] = []
            for line in await box.run([command.name, "--help"]).out.split(separator: "\n") {
                let column = line.prefix { $0 == " " }.count
                if column == line.count { continue }
                let steppedBack = column < (columns.last ?? 0)
                while let last = columns.last, column < last { columns.removeLast() }
                #expect(!steppedBack || column == 0 || columns.last == column, "\(command.name): \(line)")
                if columns.last != column { columns.append(column) }
            }
        }
    }

    /// A session the database does not have is bad data (65) in every command that takes one, as
    /// README's exit codes say: `export 99` as `show 99`.
    @Test func aMissingSessionIsBadDataInEveryCommand() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,21,100\n")
        #expect(await box.run(["import", file]).status == 0)
        let svg = box.directory + "/cook.svg"
        let commands = [
            ["show", "99"], ["export", "99"], ["plot", "99", "-o", svg], ["import", file, "--into", "99"],
            ["fit", "99"], ["fit", "1", "99"],
        ]
        for command in commands {
            let r = await box.run(command)
            #expect(r.status == 65, "\(command): \(r.err)")
            #expect(r.err.hasPrefix("cookcast \(command[0]): no session 99"), "\(command): \(r.err)")
        }
    }

    @Test func replayOfARealLogStoresEveryValidRow() async throws {
        // heatledger_roast_chicken.csv: BlueTherm Duo log from edwardspeyer/heat-ledger (MIT),
        // normalised in ../shared/data/cooks.
        let box = Sandbox()
        defer { box.cleanup() }
        let path = SharedData.cook("heatledger_roast_chicken.csv")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        let validRows = lines.filter { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            return f.count >= 2 && Double(f[0]) != nil && (Double(f[1]) != nil || (f.count > 2 && Double(f[2]) != nil))
        }.count
        let r = await box.run(["live", "--replay", path, "--speed", "max", "--cut", "chicken", "--plain"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("\(validRows) readings stored"))
        let sessions = await box.run(["sessions", "--json"])
        #expect(sessions.out.contains("\"readings\":\(validRows)"))
        #expect(sessions.out.contains("\"cut\":\"chicken\""))
    }

    @Test func simulatedCookEndsByItselfAndShowsUp() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let live = await box.run(["live", "--simulate", "chicken", "--seed", "4", "--speed", "max", "--plain"])
        #expect(live.status == 0, "\(live.err)")
        #expect(live.out.contains("ALARM target_reached"))
        #expect(live.out.contains("session 1 source ended"))
        let show = await box.run(["show", "1"])
        #expect(show.status == 0)
        #expect(show.out.contains("source     simulate:chicken"))
        #expect(show.out.contains("status     finished"))
        let missing = await box.run(["show", "99"])
        #expect(missing.status == 65)
    }

    @Test func jsonLinesAreParseable() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run(["live", "--simulate", "steak", "--seed", "2", "--speed", "max", "--json"])
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n")
        #expect(lines.count > 1000)
        for line in lines.prefix(50) + lines.suffix(5) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["type"] != nil)
        }
        #expect(lines.last?.contains("\"type\":\"summary\"") == true)
    }

    @Test func brokenDatabasePathIsOneLineError() async {
        let box = Sandbox()
        defer { box.cleanup() }
        // A database that is not there is a missing input (66, as README's exit codes say; it was
        // 74); one that is there and broken is an I/O failure (74).
        let r = await box.run(["sessions", "--db", "/proc/cookcast/nope.db"])
        #expect(r.status == 66)
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(r.err.contains("/proc/cookcast/nope.db"))
        let notADatabase = box.write("text.db", "hello, I am not a database\n")
        let r2 = await box.run(["live", "--simulate", "steak", "--speed", "max", "--db", notADatabase])
        #expect(r2.status == 74)
        #expect(r2.err.split(separator: "\n").count == 1)
    }

    /// QA: a directory given as `--db` said "disk I/O error" to `sessions` and "unable to open
    /// database file" to `import`, SQLite's words. Every command now says what it is, in one line,
    /// 74 as for any database that cannot be opened, and writes nothing into it.
    @Test func aDirectoryAsTheDatabaseSaysSoInEveryCommand() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let directory = box.directory + "/adir"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let file = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,21,100\n")
        let commands = [
            ["sessions"], ["show", "1"], ["export", "1"], ["plot", "1", "-o", box.directory + "/cook.svg"],
            ["import", file], ["import", file, "--dry-run"], ["import", file, "--into", "1"], ["fit"], ["fit", "1"],
            ["live", "--replay", file, "--speed", "max", "--plain"],
        ]
        for command in commands {
            let r = await box.run(command + ["--db", directory])
            #expect(r.status == 74, "\(command): \(r.err)")
            let said = "cannot open database \(directory): it is a directory, not a database file"
            #expect(r.err == "cookcast \(command[0]): \(said)\n", "\(command): \(r.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func exportCSVAndJSON() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        _ = await box.run(["live", "--simulate", "steak", "--seed", "5", "--speed", "max", "--plain"])
        let csv = await box.run(["export", "1", "--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.out.hasPrefix("t_s,probe_c,ambient_c,battery_pct\n"))
        let json = await box.run(["export", "1", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        #expect((object?["readings"] as? [Any])?.count == csv.out.split(separator: "\n").count - 1)
        let svgPath = box.directory + "/cook.svg"
        let plot = await box.run(["plot", "1", "-o", svgPath])
        #expect(plot.status == 0)
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("target 52.0 C"))
    }
}

@Suite struct RoundTripTests {
    @Test func exportThenImportGivesIdenticalReadings() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        // A simulated cook (decoded from real packet bytes, with battery) and a real log
        // (tempfit_brisket_2021_p1.csv: DevinBerchtold/TempFit, MIT) as the two originals.
        _ = await box.run(["live", "--simulate", "steak", "--seed", "9", "--speed", "max", "--plain"])
        _ = await box.run(["import", SharedData.cook("tempfit_brisket_2021_p1.csv"), "--cut", "brisket"])
        for original in [Int64(1), 2] {
            for format in ["csv", "json"] {
                let exported = await box.run(["export", String(original), "--format", format])
                #expect(exported.status == 0)
                let path = box.write("cook-\(original).\(format)", exported.out)
                // The same readings are the same cook: the imported one is recognised (a live
                // session has no content hash to compare with).
                if original == 2 {
                    let again = await box.run(["import", path, "--cut", "brisket"])
                    #expect(again.out.contains("already imported as session 2"), "\(again.out)")
                }
                // Into a database of its own, the round trip stores the readings as they were.
                let other = box.directory + "/roundtrip-\(original)-\(format).db"
                let imported = await box.run(["import", path, "--cut", "brisket", "--db", other])
                #expect(imported.status == 0, "\(imported.err)")
                let store = try SessionStore(path: box.databasePath, readOnly: true)
                let before = try store.readings(session: original)
                let after = try SessionStore(path: other, readOnly: true).readings(session: 1)
                #expect(before.count > 100)
                #expect(before == after, "\(format) round trip of session \(original)")
            }
        }
    }
}

@Suite struct BadInputTests {
    @Test func replayWithNoValidRowsExits65AndAMissingOne66() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write("empty.csv", "t_s,probe_c,ambient_c\nfoo,bar,baz\n")
        let r = await box.run(["live", "--replay", path, "--speed", "max"])
        #expect(r.status == 65)
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(r.err.contains("empty.csv"))
        let missing = await box.run(["live", "--replay", box.directory + "/missing.csv"])
        #expect(missing.status == 66)
        #expect(missing.err.split(separator: "\n").count == 1)
    }

    @Test func emptyAndNonUTF8ReplaysAreBadDataExit65() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let latin1 = box.directory + "/latin1.csv"
        // "t_s,probe_c\n0,20<degree sign in Latin-1>\n"
        try Data([0x74, 0x5F, 0x73, 0x2C, 0x70, 0x0A, 0x30, 0x2C, 0x32, 0x30, 0xB0, 0x0A]).write(
            to: URL(fileURLWithPath: latin1))
        for (path, message) in [
            ("/dev/null", "/dev/null: empty file"), (box.write("zero.csv", ""), "zero.csv: empty file"),
            (latin1, "latin1.csv: not UTF-8 text"),
        ] {
            for command in [["live", "--replay", path], ["predict", path, "--target", "74"]] {
                let r = await box.run(command)
                #expect(r.status == 65, "\(command): \(r.err)")
                #expect(r.err.split(separator: "\n").count == 1)
                #expect(r.err.hasSuffix(message + "\n"), "\(r.err)")
            }
        }
    }

    @Test func brokenLinesAreReportedWithFileAndLine() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write("partly.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,oops,100\n20,21,101\n")
        let r = await box.run(["live", "--replay", path, "--speed", "max", "--plain"])
        #expect(r.status == 0)
        #expect(r.err.contains("partly.csv:3:"))
        #expect(r.out.contains("2 readings stored"))
    }

    @Test func anImpossibleTemperatureIsARejectedRowNotACrash() async {
        // 52E80 (a corrupt 52.80) used to be stored and then trap every command that formats the
        // session: live's own JSON line, sessions, show, plot. Now the value is left out and the
        // row's plausible ambient kept.
        let box = Sandbox()
        defer { box.cleanup() }
        let path = box.write("corrupt.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,52E80,100\n20,21,101\n")
        let live = await box.run(["live", "--replay", path, "--speed", "max", "--json"])
        #expect(live.status == 0)
        #expect(live.err.contains("corrupt.csv:3: probe_c 5.2e+81 is outside -273.15 to 1000.0 C, left out"))
        // Another cook (the replayed file itself is that session's cook, already recorded).
        let other = box.write(
            "corrupt-too.csv", "t_s,probe_c,ambient_c\n0,20,100\n10,52E80,100\n20,21,101\n30,22,101\n")
        let imported = await box.run(["import", other, "--cut", "steak", "--target", "50"])
        #expect(imported.status == 0)
        #expect(imported.out.contains("imported as session 2"), "\(imported.out)")
        for command in [["sessions"], ["show", "1"], ["plot", "2", "-o", box.directory + "/p.svg"]] {
            let r = await box.run(command)
            #expect(r.status == 0, "\(command): \(r.err)")
        }
    }

    @Test func lockedDatabaseIsAOneLineErrorAndNothingHalfWritten() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        _ = await box.run(["live", "--simulate", "steak", "--speed", "max", "--plain"])
        let locker = try SQLiteConnection(path: box.databasePath)
        try locker.execute("BEGIN EXCLUSIVE")
        let r = await box.run(["import", SharedData.cook("heatledger_roast_chicken.csv"), "--cut", "chicken"])
        try locker.execute("ROLLBACK")
        #expect(r.status == 74)
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(r.err.contains(box.databasePath) || r.err.contains("locked"))
        let sessions = try SessionStore(path: box.databasePath, readOnly: true).sessions()
        #expect(sessions.count == 1)
    }
}

@Suite struct AlarmCommandTests {
    @Test func onAlarmRunsTheCommandWithTheAlarmInItsEnvironment() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let log = box.directory + "/alarms.log"
        let r = await box.run([
            "live", "--simulate", "steak", "--seed", "3", "--speed", "max", "--plain", "--unit", "f",
            "--on-alarm", "echo \"$COOKCAST_ALARM $COOKCAST_SESSION $COOKCAST_PROBE: $COOKCAST_MESSAGE\" >> '\(log)'",
        ])
        #expect(r.status == 0)
        var text = ""
        for _ in 0..<100 {
            text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if text.contains("target_reached 1") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        // The command gets the words on the screen, in the user's unit (it used to get "probe 1
        // reached the target" while the screen said "probe 1 reached 125.6 F").
        #expect(text.contains("target_reached 1 1: probe 1 reached 125.6 F"), "\(text)")
        #expect(r.out.contains("ALARM target_reached: probe 1 reached 125.6 F"))
        // A one-probe cook's alarms of no one probe (ETA near, the link lost) name its probe too:
        // COOKCAST_PROBE was empty for them.
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("eta_near 1 1: about ") }, "\(text)")
        #expect(lines.allSatisfy { $0.split(separator: " ").dropFirst(2).first == "1:" }, "\(text)")
    }
}

extension AlarmCommandTests {
    /// What the command prints stays out of live's own output: a hook's `echo` came out between
    /// `--json`'s objects (and scrolled the dashboard), so a script reading the stream broke.
    @Test func theCommandsOutputStaysOutOfLivesOwn() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let (status, out) = try CookcastBinary.run(
            [
                "live", "--sample", "roast-chicken", "--speed", "max", "--json", "--db", box.databasePath,
                "--on-alarm", "echo \"hook says hi\"; exit 3",
            ],
            environment: ["COOKCAST_MODELS": SharedData.models])
        #expect(status == 0)
        let lines = out.split(separator: "\n")
        #expect(lines.contains { $0.contains("\"type\":\"alarm\"") }, "\(out.suffix(500))")
        #expect(lines.allSatisfy { $0.hasPrefix("{") }, "\(lines.filter { !$0.hasPrefix("{") })")
    }

    /// QA sweep of alarms: a command that failed after the run ended (a fast replay, a feeder's
    /// end) was never said, `live` gone before it finished; one that cannot be found said only
    /// "exited 127". Now the end waits a while for them, and says what it left running.
    @Test func aCommandFailingAsTheRunEndsIsStillSaid() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let r = await box.run([
            "live", "--sample", "roast-chicken", "--speed", "max", "--plain",
            "--on-alarm", "if [ \"$COOKCAST_ALARM\" = target_reached ]; then sleep 8; else sleep 1; exit 3; fi",
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("warning: --on-alarm command exited 3 for eta_near"), "\(r.err)")
        #expect(
            r.err.contains(
                "note: --on-alarm command still running after 5 s for target_reached: left to finish on its own"),
            "\(r.err)")
        let missing = await box.run([
            "live", "--sample", "roast-chicken", "--speed", "max", "--plain", "--on-alarm", "no-such-cookcast-hook",
        ])
        #expect(missing.status == 0, "\(missing.err)")
        #expect(
            missing.err.contains("warning: --on-alarm command exited 127 (command not found) for target_reached"),
            "\(missing.err)")
    }

    /// Three probes and a pit: each probe's "ETA near" is its own, and the command is told which
    /// probe and its temperature (it got no probe and probe 1's temperature, long past the target).
    @Test func etaNearOfSeveralProbesGivesTheCommandEachProbe() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        var rows = "t_s,probe_c,ambient_c,channel\n"
        for i in 0...400 {  // to 6000 s; probe 3 reaches 74 C at about 4540 s
            let t = Double(i) * 15
            for (ch, tau) in [(1, 2000.0), (2, 3000.0), (3, 6000.0)] {
                rows += "\(t),\(135 - 130 * exp(-t / tau)),,\(ch)\n"
            }
            rows += "\(t),,135,4\n"
        }
        let file = box.write("three.csv", rows)
        let log = box.directory + "/alarms.log"
        let r = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken", "--target", "74",
            "--on-alarm", "echo \"$COOKCAST_ALARM $COOKCAST_PROBE $COOKCAST_PROBE_C\" >> '\(log)'",
        ])
        #expect(r.status == 0, "\(r.err)")
        var text = ""
        for _ in 0..<100 {
            text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if text.contains("target_reached 3") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let near = text.split(separator: "\n").filter { $0.hasPrefix("eta_near") }.map { $0.split(separator: " ") }
        #expect(near.map { $0.count == 3 ? String($0[1]) : "?" } == ["1", "2", "3"], "\(text)")
        for fields in near where fields.count == 3 {
            let celsius = try #require(Double(fields[2]), "\(fields)")
            #expect(celsius > 55 && celsius < 74, "\(fields)")
        }
        #expect(r.out.contains("ALARM eta_near: probe 3: about"), "\(r.out)")
    }
}

@Suite struct DurationFormatTests {
    @Test func wallClockMarksLaterDays() {
        // Start 2026-11-30 20:00 UTC; shown in UTC.
        let start: Int64 = 1_796_068_800_000
        #expect(
            DurationFormat.wallClock(startUnixMs: start, plusSeconds: 3600, utcOffsetSeconds: { _ in 0 }) == "21:00")
        #expect(
            DurationFormat.wallClock(
                startUnixMs: start, plusSeconds: 6 * 3600, utcOffsetSeconds: { _ in 0 }, nowSeconds: 0) == "02:00+1d")
        #expect(
            DurationFormat.wallClock(
                startUnixMs: start, plusSeconds: 6 * 3600, utcOffsetSeconds: { _ in 0 }, nowSeconds: 5 * 3600)
                == "02:00")
        #expect(DurationFormat.clock(37_230) == "10:20:30")
        #expect(DurationFormat.short(3_725) == "1h 02m")
    }

    /// QA: `predict` said "(in 3h 22m)" and "about 3 h 23 min left" of the same 3h 22m 34s: the
    /// short form cut the minutes off where the estimate's words round them.
    @Test func hoursAndMinutesAreRoundedToTheMinuteAsTheWordsAre() {
        #expect(DurationFormat.short(3 * 3600 + 22 * 60 + 34) == "3h 23m")
        #expect(DurationFormat.short(3 * 3600 + 22 * 60 + 29) == "3h 22m")
        #expect(DurationFormat.short(3_599) == "1h 00m")
        #expect(DurationFormat.short(3_569) == "59m 29s")
        #expect(DurationFormat.short(45) == "45s")
    }
}
