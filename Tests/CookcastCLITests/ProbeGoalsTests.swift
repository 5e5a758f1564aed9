import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI
@testable import CookcastEngine

/// Probes in one pit cooking to their own cut and target (`--cut 2=pork_shoulder --target 2=93`).
@Suite(.serialized) struct ProbeGoalsTests {
    /// A chicken on probe 1 (20 -> 80 C in an hour), a pork shoulder on probe 2 (20 -> 98 C in an
    /// hour and a half) and the pit on channel 3, a reading of each every 30 s.
    static func twoMeatsCSV() -> String {
        var text = "t_s,probe_c,ambient_c,channel\n"
        for step in 0...180 {
            let t = step * 30
            let minutes = Double(t) / 60
            if minutes <= 60 { text += "\(t),\(20 + minutes),,1\n" }
            text += "\(t),\(20 + minutes * 0.87),,2\n"
            text += "\(t),,130,3\n"
        }
        return text
    }

    @Test func eachProbeSoundsAtItsOwnTargetAndTheSessionKeepsThem() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", Self.twoMeatsCSV())
        let run = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken", "--cut", "2=pork_shoulder",
            "--target", "2=93",
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("ALARM target_reached: probe 1 reached 74.0 C"))
        #expect(run.out.contains("ALARM target_reached: probe 2 reached 93.0 C"))
        #expect(!run.out.contains("probe 2 reached 74.0 C"))
        // Each meat warns that it is nearly there, the chicken as well as the slower shoulder.
        #expect(run.out.contains("ALARM eta_near: probe 1: about"))
        #expect(run.out.contains("ALARM eta_near: probe 2: about"))
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let channels = try store.channels(session: 1)
        #expect(
            channels.first { $0.channel == 2 }
                == ChannelInfo(channel: 2, name: "probe 2", role: .meat, cut: "pork_shoulder", targetCelsius: 93))
        #expect(channels.first { $0.channel == 1 }?.targetCelsius == nil)
        #expect(channels.first { $0.channel == 3 }?.role == .ambient)
        let show = await box.run(["show", "1"])
        #expect(show.out.contains("2=probe 2 (meat, pork_shoulder to 93.0 C)"), "\(show.out)")
        // The chart draws the probe's own target line, labelled, next to the session's.
        let chart = box.directory + "/cook.svg"
        #expect(await box.run(["plot", "1", "-o", chart]).status == 0)
        let svg = try String(contentsOfFile: chart, encoding: .utf8)
        #expect(svg.contains(">probe 2 target 93.0 C</text>"))
        #expect(svg.contains(">target 74.0 C</text>"))

        // A probe's own cut without a target of its own brings that cut's usual one (95 C).
        let usual = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken", "--cut", "2=pork_shoulder",
        ])
        #expect(usual.status == 0, "\(usual.err)")
        #expect(usual.out.contains("ALARM target_reached: probe 2 reached 95.0 C"))
        #expect(try store.channels(session: 2).first { $0.channel == 2 }?.targetCelsius == 95)
    }

    @Test func probesWithTargetsOfTheirOwnOnlyStillGetAnETA() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", Self.twoMeatsCSV())
        let run = await box.run([
            "live", "--replay", file, "--speed", "max", "--json", "--target", "1=70", "--target", "2=90",
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.err.contains("no ETA"))
        #expect(run.out.contains("probe 1 reached 70.0 C"))
        #expect(run.out.contains("probe 2 reached 90.0 C"))
        #expect(run.out.contains("\"eta_s\":"))
        #expect(run.out.contains("\"target_c\":90"))
        #expect(run.out.contains("\"target_c\":70"))
    }

    @Test func badProbeGoalsAreOneLineUsageErrors() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", Self.twoMeatsCSV())
        for (extra, words) in [
            (["--target", "0=74"], "needs N=VALUE with a probe number 1-64"),
            (["--target", "x=74"], "needs N=VALUE with a probe number 1-64"),
            (["--target", "3=abc"], "option '--target 3=' needs a number, got 'abc'"),
            // `Double(_:)` reads hexadecimal: 0x10 was a 16 C target.
            (["--target", "3=0x10"], "option '--target 3=' needs a number, got '0x10'"),
            (["--target", "0x4A"], "option '--target' needs a number, got '0x4A'"),
            (["--ambient-range", "0x60:0x80"], "option '--ambient-range' must be LOW:HIGH"),
            (["--target", "2=95", "--target", "2=90"], "given twice for probe 2"),
            (["--target", "74", "--target", "80"], "option '--target' given more than once"),
            (["--cut", "2=nonsense"], "unknown cut 'nonsense'"),
            (["--target", "2=900"], "option '--target 2=' must be a meat temperature between -20 and 120 C"),
            (["--target", "900"], "live: option '--target' must be a meat temperature between -20 and 120 C"),
        ] {
            let r = await box.run(["live", "--replay", file, "--speed", "max", "--plain"] + extra)
            #expect(r.status == 64, "\(extra)")
            #expect(r.err.contains(words), "\(extra): \(r.err)")
            #expect(r.err.hasPrefix("cookcast live: "), "\(extra): \(r.err)")
            #expect(!r.err.split(separator: "\n")[0].contains("usage"), "one line, then the usage: \(r.err)")
            #expect(r.err.contains("[--cut [N=]CUT]... [--target [N=]C]..."), "the usage names probe N's: \(r.err)")
        }
        let hexSpeed = await box.run(["live", "--replay", file, "--speed", "0x10", "--plain"])
        #expect(hexSpeed.status == 64 && hexSpeed.err.contains("option '--speed' must be between"), "\(hexSpeed.err)")
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
    }

    /// `predict` takes probes' own goals as `live` does: a file of a chicken and a shoulder
    /// answered with the chickens' 74 C for both.
    @Test func predictTakesAProbesOwnCutAndTarget() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", Self.twoMeatsCSV())
        func finish(_ extra: [String]) async throws -> [String: Any] {
            let r = await box.run(["predict", file, "--at", "2400", "--format", "json"] + extra)
            #expect(r.status == 0, "\(extra): \(r.err)")
            return try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        }
        // Probe 2 asked about: its own goal, as if given plainly.
        let own = try await finish([
            "--cut", "chicken", "--cut", "2=pork_shoulder", "--target", "2=93", "--channel", "2",
        ])
        let plain = try await finish(["--cut", "pork_shoulder", "--target", "93", "--channel", "2"])
        #expect(own["target_c"] as? Double == 93)
        #expect(own["cut"] as? String == "pork_shoulder")
        #expect(own["finish_s"] as? Double == plain["finish_s"] as? Double)
        // The whole cook: the slowest probe to its own 93 C is later than to the chickens' 74 C.
        let session = try await finish(["--cut", "chicken", "--target", "2=93"])
        let chickens = try await finish(["--cut", "chicken"])
        let later = try #require(session["finish_s"] as? Double), sooner = try #require(chickens["finish_s"] as? Double)
        #expect(later > sooner + 600, "\(later) vs \(sooner)")
        let bad = await box.run(["predict", file, "--cut", "chicken", "--target", "2=abc"])
        #expect(bad.status == 64)
        #expect(bad.err.contains("option '--target 2=' needs a number, got 'abc'"), "\(bad.err)")
    }

    /// A session's prediction names the probe it is for, beside that probe's own target and cut:
    /// it printed the slowest probe's temperature (the shoulder's) beside the chicken's 74 C,
    /// "probe 58.1 C, target 74.0 C", and json said target 74, cut chicken. `--format seconds`
    /// is only the finish, as before.
    @Test func predictNamesTheSlowestProbeBesideItsOwnTarget() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", Self.twoMeatsCSV())
        let goals = ["--cut", "chicken", "--cut", "2=pork_shoulder", "--target", "2=93", "--at", "2400"]
        let text = await box.run(["predict", file] + goals)
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.hasPrefix("at 00:40:00: probe 2 54.8 C, target 93.0 C, phase "), "\(text.out)")
        let json = await box.run(["predict", file, "--format", "json"] + goals)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["channel"] as? Double == 2)
        #expect(object["target_c"] as? Double == 93)
        #expect(object["cut"] as? String == "pork_shoulder")
        let seconds = await box.run(["predict", file, "--format", "seconds"] + goals)
        let finish = try #require(object["finish_s"] as? Double)
        let printed = try #require(Double(seconds.out.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(abs(printed - finish) < 0.05, "\(seconds.out) vs \(finish)")
        // Probe 1 asked about: its own name, the plain goal.
        let first = await box.run(["predict", file, "--channel", "1"] + goals)
        #expect(first.out.hasPrefix("at 00:40:00: probe 1 60.0 C, target 74.0 C, phase "), "\(first.out)")
    }

    @Test func anImportedCooksProbesTakeTheirOwnCutAndTarget() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", Self.twoMeatsCSV())
        let r = await box.run([
            "import", file, "--cut", "chicken", "--cut", "2=pork_shoulder", "--target", "2=93", "--target", "9=80",
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.contains("has no probe 9: its own cut and target are not applied"), "\(r.err)")
        #expect(r.out.contains("2 meat 181 pork_shoulder to 93.0 C"), "\(r.out)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let channels = try store.channels(session: 1)
        #expect(channels.first { $0.channel == 2 }?.cut == "pork_shoulder")
        #expect(channels.first { $0.channel == 2 }?.targetCelsius == 93)
        #expect(channels.first { $0.channel == 1 }?.targetCelsius == nil)
        #expect(try store.session(1)?.cut == "chicken")
        // --into keeps the session's own: a probe's is refused like the session's.
        let into = await box.run(["import", file, "--into", "1", "--target", "2=90"])
        #expect(into.status == 64)
        #expect(into.err.contains("leave out --target"))
    }

    @Test func aResumedSessionKeepsItsProbesOwnTargetsUnlessGiven() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        // A turkey to 74 C whose probe 1 cooks to 72 C, killed at 20 s, rising from 66 C: seen well
        // under the target, as meat heats (a jump is a probe pulled out).
        let store = try storeInterruptedStdinSession(
            in: box, cut: "turkey", targetCelsius: 74, startedSecondsAgo: 60,
            readings: (0..<40).map {
                Reading(elapsedSeconds: Double($0) * 0.5, probeCelsius: 66 + Double($0) * 0.075, ambientCelsius: 110)
            },
            channels: [ChannelInfo(channel: 1, name: "probe 1", role: .meat, targetCelsius: 72)])
        let (status, errors) = try resume([], lines: (0..<3).map { packetLine(Double($0), probe: 72.5) }, in: box)
        #expect(status == 0, "\(errors)")
        #expect(
            try store.events(session: 1).contains {
                $0.kind == .alarm && $0.detail == "target_reached: probe 1 reached 72.0 C"
            })

        // Another target for the probe is taken, stored and said.
        let (status2, errors2) = try resume(
            ["--target", "1=73"], lines: (3..<6).map { packetLine(Double($0), probe: 73.5) }, in: box)
        #expect(status2 == 0, "\(errors2)")
        // The probe's cut is the session's turkey (it said "no cut").
        #expect(
            errors2.contains(
                "note: probe 1 of session 1 was turkey (the session's), target 72.0 C; "
                    + "now turkey (the session's), target 73.0 C"), "\(errors2)")
        #expect(try store.channels(session: 1).first?.targetCelsius == 73)
        #expect(try store.channels(session: 1).first?.name == "probe 1")
        #expect(
            try store.events(session: 1).contains {
                $0.kind == .alarm && $0.detail == "target_reached: probe 1 reached 73.0 C"
            })
    }

    /// Resumed with only a probe's own target, the probe keeps its own cut (it lost it, its ETA
    /// then from the session's cut's past cooks); given its own cut again, it keeps its own target
    /// (the cut's usual one replaced it); another cut brings that cut's usual target.
    @Test func aResumedProbeKeepsWhatIsNotGivenAgain() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try storeInterruptedStdinSession(
            in: box, cut: "chicken", targetCelsius: 74, startedSecondsAgo: 60,
            readings: (0..<10).map {
                Reading(elapsedSeconds: Double($0), probeCelsius: 30 + Double($0) * 0.01, ambientCelsius: 110)
            },
            channels: [ChannelInfo(channel: 3, name: "probe 3", role: .meat, cut: "pork_shoulder", targetCelsius: 93)])
        func probe3() throws -> ChannelInfo? { try store.channels(session: 1).first { $0.channel == 3 } }
        let lines = { (from: Int) in (from..<from + 3).map { packetLine(Double($0), probe: 31) } }

        let (status, errors) = try resume(["--target", "3=95"], lines: lines(10), in: box)
        #expect(status == 0, "\(errors)")
        #expect(try probe3()?.cut == "pork_shoulder", "\(errors)")
        #expect(try probe3()?.targetCelsius == 95)
        #expect(errors.contains("now pork_shoulder, target 95.0 C"), "\(errors)")

        let (status2, errors2) = try resume(["--cut", "3=pork_shoulder"], lines: lines(13), in: box)
        #expect(status2 == 0, "\(errors2)")
        #expect(try probe3()?.targetCelsius == 95, "its own target stays: \(errors2)")
        #expect(!errors2.contains("note: probe 3"), "nothing changed: \(errors2)")

        let (status3, errors3) = try resume(["--cut", "3=pork_ribs"], lines: lines(16), in: box)
        #expect(status3 == 0, "\(errors3)")
        #expect(try probe3()?.cut == "pork_ribs")
        #expect(try probe3()?.targetCelsius == 90, "a new cut brings its usual target: \(errors3)")
    }

    /// A probe that cooked to the session's cut and target, given its own on --resume: the note
    /// says what it was, the session's (it said "no cut, target none" of a chicken to 74 C).
    @Test func theResumeNoteNamesTheSessionsGoalAProbeFollowed() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let store = try SessionStore(path: box.databasePath)
        let id = try store.createSession(
            SessionInfo(
                startedAtUnixMs: UTCTime.nowUnixMs() - 60_000, cut: "chicken", targetCelsius: 74, source: "stdin",
                status: .active),
            channels: [ChannelInfo(channel: 1, name: "probe 1", role: .meat)])
        for i in 0..<10 {
            try store.append(Reading(elapsedSeconds: Double(i), probeCelsius: 30, ambientCelsius: 110), session: id)
        }
        let (status, errors) = try resume(
            ["--cut", "1=pork_shoulder", "--target", "1=93"],
            lines: (10..<13).map { packetLine(Double($0), probe: 31) },
            in: box)
        #expect(status == 0, "\(errors)")
        #expect(
            errors.contains(
                "note: probe 1 of session 1 was the session's: chicken, target 74.0 C; "
                    + "now pork_shoulder, target 93.0 C, as given"), "\(errors)")
    }

    /// One probe with a target of its own: the status line and the chart's target line are its
    /// target (they showed the session's, "target 74.0 C" beside an ETA to 80 C and a probe at 78 C
    /// still "in 1m 20s"); probes that cook to different targets keep the session's there.
    @Test func theTargetShownIsTheOneTheProbesCookTo() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        var rows = "t_s,probe_c,ambient_c\n"
        for i in 0...260 { rows += "\(i * 30),\(20 + Double(i) * 0.25),130\n" }
        let file = box.write("one.csv", rows)
        let run = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken", "--target", "1=80",
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("ALARM target_reached: probe 1 reached 80.0 C"))
        let statusLines = run.out.split(separator: "\n").filter { $0.contains("  battery ") }
        #expect(statusLines.count > 5)
        #expect(statusLines.allSatisfy { $0.contains("  target 80.0 C  ") }, "\(statusLines)")

        // The dashboard's chart draws the charted probe's target.
        let dashboard = TerminalDashboard(
            console: FakeTerminal(columns: 100), unit: .celsius, title: "t", startedAtUnixMs: 0)
        var status = LiveStatus(
            sessionID: 1, elapsedSeconds: 600, connection: .connected, probeCelsius: [1: 60], ambientCelsius: 130,
            batteryPercent: nil, targetCelsius: 74, eta: .collecting, readingCount: 3, decodeErrorCount: 0,
            duplicateCount: 0, disconnectCount: 0,
            history: [
                .init(elapsedSeconds: 0, probeCelsius: 20, ambientCelsius: 130),
                .init(elapsedSeconds: 600, probeCelsius: 60, ambientCelsius: 130),
            ])
        status.channelTargetsCelsius = [1: 80]
        status.chartChannel = 1
        let chart = AsciiChart(width: 64, height: 10, unit: .celsius)
        let screen = dashboard.screen(status, columns: 100)
        #expect(screen.contains { $0.hasSuffix("  target 80.0 C") }, "\(screen)")
        let drawn = chart.render(status.history, targetCelsius: 80, maxLineWidth: 100)
        #expect(Array(screen.suffix(drawn.count)) == drawn)
        // Two probes to different targets: the session's, each probe's own on its line.
        status.probeCelsius[2] = 50
        #expect(dashboard.statusParts(status).contains("target 74.0 C"))
        // Only probe 1 has a target (`--target 1=80` alone): the ETA is its own, and so the target.
        status.targetCelsius = nil
        #expect(dashboard.statusParts(status).contains("target 80.0 C"))
    }

    /// A target given for the pit's own channel (`--target 3=100`, the pit on 3): the channel is
    /// still the pit, registered by what it measures, and a note says its target is of no use. It
    /// was stored as a meat probe (`show`, the JSON export and its import called the pit meat),
    /// and nothing said the target sounded for nothing.
    @Test func aGoalOnThePitChannelLeavesItThePitAndSaysSo() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", Self.twoMeatsCSV())
        let run = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken", "--target", "3=100",
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(
            run.err.contains("note: probe 3 reads only the air (the pit), not meat: its own target is not used"),
            "\(run.err)")
        let store = try SessionStore(path: box.databasePath, readOnly: true)
        let pit = try #require(try store.channels(session: 1).first { $0.channel == 3 })
        #expect(pit.role == .ambient)
        #expect(pit.targetCelsius == 100, "kept as given")
        #expect(try store.events(session: 1).contains { $0.kind == .note && $0.detail.contains("probe 3 reads only") })
        let show = await box.run(["show", "1"])
        #expect(pit.name == "probe 3 (pit)", "named the pit, as a pit heard first is")
        #expect(show.out.contains("3=probe 3 (pit, to 100.0 C)"), "\(show.out)")
    }

    /// A probe given its own target that never reports: lost once, naming it (nothing was said).
    @Test func aProbeGivenAGoalThatNeverReportsIsSaidToBeLost() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("two.csv", Self.twoMeatsCSV())
        let run = await box.run([
            "live", "--replay", file, "--speed", "max", "--plain", "--cut", "chicken", "--target", "5=93",
        ])
        #expect(run.status == 0, "\(run.err)")
        let lost = run.out.split(separator: "\n").filter { $0.contains("ALARM probe_lost: probe 5") }
        #expect(lost == ["[00:01:00] ALARM probe_lost: probe 5: not heard from since the start"], "\(run.out)")
    }

    /// The chart's target lines: one per target, not one per probe. A turkey beside chickens (74 C
    /// both) had its own dashed line and label drawn over the session's, and two probes with the
    /// same own target two labels in one place.
    @Test func theChartDrawsEachTargetOnce() {
        let readings = (0..<4).flatMap { ch in
            (0..<10).map { i in
                Reading(
                    channel: ch + 1, elapsedSeconds: Double(i) * 60, probeCelsius: 20 + Double(i), ambientCelsius: nil)
            }
        }
        let channels = [
            ChannelInfo(channel: 1, name: "probe 1"),
            ChannelInfo(channel: 2, name: "probe 2", cut: "pork_shoulder", targetCelsius: 93),
            ChannelInfo(channel: 3, name: "probe 3", cut: "turkey", targetCelsius: 74),
            ChannelInfo(channel: 4, name: "probe 4", targetCelsius: 93),
        ]
        let svg = SVGPlot(unit: .celsius).render(
            title: "t", readings: readings, channels: channels, targetCelsius: 74, events: [], fits: [])
        let labels = svg.components(separatedBy: "\n").filter { $0.contains(" target ") || $0.contains(">target ") }
        #expect(labels.count == 2, "\(labels)")
        #expect(svg.contains(">target 74.0 C</text>"))
        #expect(svg.contains(">probe 2, probe 4 target 93.0 C</text>"), "\(labels)")
        #expect(!svg.contains("probe 3 target"))
    }

    /// The simulated probe (channel 1) given its own target cooks to it: the simulation ended at
    /// the preset's (a chicken at 74 C and a little past), and `--target 1=95` never got there.
    @Test func aSimulatedProbeCooksToItsOwnTarget() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let run = await box.run(["live", "--simulate", "chicken", "--speed", "max", "--plain", "--target", "1=95"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("ALARM target_reached: probe 1 reached 95.0 C"), "\(run.out)")
    }
}
