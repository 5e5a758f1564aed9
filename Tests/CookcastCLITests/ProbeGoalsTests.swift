import CookcastCore
import CookcastStore
import Foundation
import Testing

@testable import CookcastCLI

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
            (["--target", "2=95", "--target", "2=90"], "given twice for probe 2"),
            (["--target", "74", "--target", "80"], "option '--target' given more than once"),
            (["--cut", "2=nonsense"], "unknown cut 'nonsense'"),
            (["--target", "2=900"], "not a plausible food temperature"),
        ] {
            let r = await box.run(["live", "--replay", file, "--speed", "max", "--plain"] + extra)
            #expect(r.status == 64, "\(extra)")
            #expect(r.err.contains(words), "\(extra): \(r.err)")
            #expect(r.err.hasPrefix("cookcast live: "), "\(extra): \(r.err)")
            #expect(!r.err.split(separator: "\n")[0].contains("usage"), "one line, then the usage: \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: box.databasePath))
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
        // A turkey to 74 C whose probe 1 cooks to 72 C, killed at 20 s.
        let store = try SessionStore(path: box.databasePath)
        let id = try store.createSession(
            SessionInfo(
                startedAtUnixMs: UTCTime.nowUnixMs() - 60_000, cut: "turkey", targetCelsius: 74, source: "stdin",
                status: .active),
            channels: [ChannelInfo(channel: 1, name: "probe 1", role: .meat, targetCelsius: 72)])
        // Rising from 66 C: seen well under the target, as meat heats (a jump is a probe pulled out).
        for i in 0..<40 {
            let reading = Reading(
                elapsedSeconds: Double(i) * 0.5, probeCelsius: 66 + Double(i) * 0.075, ambientCelsius: 110)
            try store.append(reading, session: id)
        }
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
        #expect(errors2.contains("note: probe 1 of session 1 was no cut, target 72.0 C; now no cut, target 73.0 C"))
        #expect(try store.channels(session: 1).first?.targetCelsius == 73)
        #expect(try store.channels(session: 1).first?.name == "probe 1")
        #expect(
            try store.events(session: 1).contains {
                $0.kind == .alarm && $0.detail == "target_reached: probe 1 reached 73.0 C"
            })
    }
}
