import CookcastCore
import Foundation
import Testing

@testable import CookcastImport

/// Every file in `shared/data/raw/` imports into the expected sessions, checked against the
/// normalised copies in `shared/data/cooks/` (values within 0.01 C, same counts and times).
@Suite
struct RealExportTests {
    // Source: mschinis/combustion-inc-analyser (ExampleCSV/ProbeData_*.csv), Combustion Inc app exports.
    static let combustion = "mschinis+combustion-inc-analyser"

    @Test(arguments: [
        ("ProbeData_10000170_20230926195026.csv", "combustion_short_46c", 46.1),
        ("ProbeData_10002351_2023-10-29_19_03_12 - Chicken.csv", "combustion_chicken_68c", 68.0),
        ("ProbeData_10003925_2023-09-03 15_39_16.csv", "combustion_long_95c", 95.0),
    ])
    func combustionExport(file: String, id: String, target: Double) throws {
        let groups = try TestData.read([TestData.raw(Self.combustion, file)])
        #expect(groups.count == 1 && groups[0].format == .combustion)
        let cooks = groups.flatMap(\.result.cooks)
        try #require(cooks.count == 1)
        let cook = cooks[0]
        expectMatchesCanonical(cook, channel: 1, canonical: id + ".csv")
        #expect(close(cook.info.targetCelsius, target))
        #expect(close(cook.info.targetCelsius, TestData.manifest(id)?.target))
        #expect(cook.info.source == "import:combustion")
        #expect(cook.info.status == .imported)
        #expect(cook.info.contentHash?.hasPrefix("readings:fnv1a64:") == true)
        #expect(cook.channels.count == 10)
        // T8 is the VirtualAmbientSensor on every row of these exports: the ambient, not meat.
        #expect(cook.channels.filter { $0.role == .ambient }.map(\.channel) == [9])
        // The other thermistors and the virtual surface are sensors along the one probe: the core
        // is its reading (they reach the target hours apart in the same meat).
        #expect(cook.channels.filter { $0.role == .meat }.map(\.channel) == [1])
        #expect(cook.channels.filter { $0.role == .sensor }.map(\.channel) == [2, 3, 4, 5, 6, 7, 8, 10])
        #expect(
            cook.channels.map(\.name) == [
                "virtual core", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8 (virtual ambient)", "virtual surface",
            ])
        let n = cook.readings.filter { $0.channel == 1 }.count
        for ch in 2...10 { #expect(cook.readings.filter { $0.channel == ch }.count == n) }
        let t8 = cook.readings.filter { $0.channel == 9 }
        #expect(t8.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius != nil })
        // Its values are the virtual ambient that channel 1 carries beside the core.
        let core = cook.readings.filter { $0.channel == 1 }
        #expect(zip(core, t8).allSatisfy { $0.ambientCelsius == $1.ambientCelsius })
        // No channel in the meat reads above what the meat can (QA: 171.7 C for a chicken cooked to 74 C).
        let meat = Set(cook.channels.filter { $0.role != .ambient }.map(\.channel))
        let hottest = cook.readings.filter { meat.contains($0.channel) }.compactMap(\.probeCelsius).max() ?? 0
        #expect(hottest < 130, "\(hottest)")
        #expect(cook.events.first?.kind == .probeInserted)
        let vendor = try #require(cook.series.first { $0.name == NamedSeries.vendorPredictedRemainingSeconds })
        #expect(!vendor.points.isEmpty)
        #expect(vendor.points.allSatisfy { $0.value >= 0 && $0.value != CombustionCSVReader.noPrediction })
        #expect(cook.readings.allSatisfy { $0.elapsedSeconds >= 0 })
    }

    @Test func combustionCutFromFileLabel() throws {
        // Source: mschinis/combustion-inc-analyser, "... - Chicken.csv": the label names the cut.
        let chicken = try TestData.read([
            TestData.raw(Self.combustion, "ProbeData_10002351_2023-10-29_19_03_12 - Chicken.csv")
        ])
        #expect(chicken[0].result.cooks[0].info.cut == "chicken")
        #expect(chicken[0].result.cooks[0].info.cut == TestData.manifest("combustion_chicken_68c")?.cut)
        // No label: --cut is used, normalised through the catalog (beef_steak is an alias of steak).
        var options = TestData.options
        options.cut = "beef_steak"
        let short = try TestData.read(
            [TestData.raw(Self.combustion, "ProbeData_10000170_20230926195026.csv")], options: options)
        #expect(short[0].result.cooks[0].info.cut == "steak")
        // --target overrides the set point.
        options.targetCelsius = 50
        let overridden = try TestData.read(
            [TestData.raw(Self.combustion, "ProbeData_10000170_20230926195026.csv")], options: options)
        #expect(overridden[0].result.cooks[0].info.targetCelsius == 50)
    }

    @Test func combustionWallClock() throws {
        // Created: 2023-09-26 19:50:26 local = export time = last row (5045 s); first kept row at 1035 s.
        var options = TestData.options
        options.utcOffsetSeconds = 3600
        let cook = try TestData.read(
            [TestData.raw(Self.combustion, "ProbeData_10000170_20230926195026.csv")], options: options)[0]
            .result.cooks[0]
        let created = CivilTime(year: 2023, month: 9, day: 26, hour: 19, minute: 50, second: 26).secondsAsIfUTC - 3600
        #expect(cook.info.startedAtUnixMs == CookAssembly.ms(created - (5045 - 1035)))
        #expect(cook.info.utcOffsetSeconds == 3600)
    }

    // Source: DevinBerchtold/TempFit (MIT), cooks/history_probe_*.csv, ThermoPro-style app exports.
    static let tempfit = "DevinBerchtold+TempFit"

    @Test func thermoProFilesGroupIntoCooks() throws {
        let groups = try TestData.read(TestData.rawFiles(Self.tempfit))
        #expect(groups.allSatisfy { $0.format == .thermopro })
        let names = groups.map { $0.paths.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() }
        #expect(groups.count == 4)
        #expect(
            names.contains([
                "history_probe_1_20211113180049.csv", "history_probe_2_20211113180104.csv",
                "history_probe_3_20211113180132.csv", "history_probe_4_20211113180145.csv",
            ]))
        #expect(
            names.contains([
                "history_probe_1_20211201195009.csv", "history_probe_2_20211201195103.csv",
                "history_probe_3_20211201195129.csv", "history_probe_4_20211201195203.csv",
            ]))
        #expect(names.contains(["history_probe_1_20211215231055.csv"]))
        #expect(names.contains(["history_probe_2_20220328150956.csv"]))
        #expect(groups.allSatisfy { $0.result.cooks.count == 1 })
    }

    @Test func thermoProBrisketWithPit() throws {
        var options = TestData.options
        options.cut = "beef_brisket"
        let paths = TestData.rawFiles(Self.tempfit).filter { $0.contains("20211113") }
        let groups = try TestData.read(paths, options: options)
        try #require(groups.count == 1)
        let cook = try #require(groups[0].result.cooks.first)
        #expect(roles(cook) == [1: .meat, 2: .meat, 3: .meat, 4: .ambient])
        for p in 1...3 { expectMatchesCanonical(cook, channel: p, canonical: "tempfit_brisket_2021_p\(p).csv") }
        #expect(cook.info.cut == "brisket")
        #expect(cook.info.cut == TestData.manifest("tempfit_brisket_2021_p1")?.cut)
        #expect(cook.info.targetCelsius == nil)
        let pit = cook.readings.filter { $0.channel == 4 }
        #expect(pit.count == 1644)  // every pit row of history_probe_4 (none before the first meat reading)
        #expect(pit.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius != nil })
        // Time zero is the earliest meat reading: probe 2 at 02:22:44 local.
        let first = CivilTime(year: 2021, month: 11, day: 13, hour: 2, minute: 22, second: 44).secondsAsIfUTC
        #expect(cook.info.startedAtUnixMs == CookAssembly.ms(first))
        #expect(cook.info.utcOffsetSeconds == 0)
        #expect(groups[0].result.notes.contains { $0.contains("probe 4") })
    }

    @Test func thermoProTurkeyHasNoPit() throws {
        let paths = TestData.rawFiles(Self.tempfit).filter { $0.contains("20211201") }
        let cook = try #require(try TestData.read(paths)[0].result.cooks.first)
        #expect(roles(cook) == [1: .meat, 2: .meat, 3: .meat, 4: .meat])
        for p in 1...4 { expectMatchesCanonical(cook, channel: p, canonical: "tempfit_turkey_2021_p\(p).csv") }
    }

    @Test func thermoProPitProbeFlag() throws {
        var options = TestData.options
        options.pitProbe = 3
        let paths = TestData.rawFiles(Self.tempfit).filter { $0.contains("20211201") }
        let cook = try #require(try TestData.read(paths, options: options)[0].result.cooks.first)
        #expect(roles(cook) == [1: .meat, 2: .meat, 3: .ambient, 4: .meat])
        #expect(cook.readings.filter { $0.channel == 1 }.allSatisfy { $0.ambientCelsius != nil })
    }

    @Test func thermoProSingleFiles() throws {
        for name in ["history_probe_1_20211215231055.csv", "history_probe_2_20220328150956.csv"] {
            let cook = try #require(try TestData.read([TestData.raw(Self.tempfit, name)])[0].result.cooks.first)
            let rows = TextDecoding.lines(
                Array(FileManager.default.contents(atPath: TestData.raw(Self.tempfit, name)) ?? Data()))
            #expect(cook.readings.count == rows.count - 1)
            #expect(cook.channels.count == 1)
        }
    }

    // Source: edwardspeyer/heat-ledger (MIT), examples/*.sqlite, BlueTherm Duo logs.
    static let heatLedger = "edwardspeyer+heat-ledger"

    @Test(arguments: [
        ("bbq-pork-rubs.sqlite", "heatledger_pork_ribs"), ("roast-chicken.sqlite", "heatledger_roast_chicken"),
    ])
    func heatLedger(file: String, id: String) throws {
        var options = TestData.options
        options.cut = "ribs"
        let groups = try TestData.read([TestData.raw(Self.heatLedger, file)], options: options)
        #expect(groups[0].format == .heatledger)
        let cook = try #require(groups[0].result.cooks.first)
        expectMatchesCanonical(cook, channel: 1, canonical: id + ".csv")
        #expect(roles(cook) == [1: .meat, 2: .ambient])
        #expect(cook.info.cut == "pork_ribs")  // --cut ribs wins over "roast chicken" in the name
        let guessed = try #require(
            try TestData.read([TestData.raw(Self.heatLedger, file)], options: TestData.options)[0].result.cooks.first)
        if id == "heatledger_roast_chicken" { #expect(guessed.info.cut == TestData.manifest(id)?.cut) }
        #expect(cook.info.utcOffsetSeconds == nil)  // epoch timestamps: no local clock involved
        #expect(cook.readings.allSatisfy { ($0.probeCelsius ?? 0) > -273 && ($0.ambientCelsius ?? 0) > -273 })
    }

    @Test func heatLedgerWithoutPit() throws {
        let cook = try #require(
            try TestData.read([TestData.raw(Self.heatLedger, "grilled-chicken.sqlite")])[0].result.cooks.first)
        #expect(cook.readings.count == 130)
        #expect(roles(cook) == [1: .meat])
        #expect(cook.readings.allSatisfy { $0.ambientCelsius == nil })
        #expect(cook.info.cut == "chicken")
        #expect(cook.info.startedAtUnixMs == 1_420_135_261_000)
    }

    // Source: snelstim/Probe-ability, probe_ability_exports/cook_*.csv.
    static let probeAbility = "snelstim+Probe-ability"

    @Test(arguments: [
        ("cook_20260413_211003_probe1.csv", "probeability_sirloin_50c"),
        ("cook_20260416_133723_probe2.csv", "probeability_roast_50c"),
    ])
    func probeAbility(file: String, id: String) throws {
        let groups = try TestData.read([TestData.raw(Self.probeAbility, file)])
        #expect(groups[0].format == .probeability)
        let cook = try #require(groups[0].result.cooks.first)
        expectMatchesCanonical(cook, channel: 1, canonical: id + ".csv")
        let manifest = try #require(TestData.manifest(id))
        #expect(cook.info.cut == manifest.cut)
        #expect(close(cook.info.targetCelsius, manifest.target))
        #expect(roles(cook) == [1: .meat])
        let vendor = try #require(cook.series.first { $0.name == NamedSeries.vendorPredictedRemainingSeconds })
        #expect(vendor.points.count > 10)
        #expect(vendor.points.last?.value == 0)
    }

    // Source: fm75/sous-vide-temperature-study, TBone-1-inch.txt and Swordfish-1-inch.txt (Tappecue logs).
    static let sousVide = "fm75+sous-vide-temperature-study"

    @Test(arguments: [
        ("TBone-1-inch.txt", "sousvide_tbone", "TBone"), ("Swordfish-1-inch.txt", "sousvide_swordfish", "Swordfish"),
    ])
    func tappecue(file: String, id: String, food: String) throws {
        let groups = try TestData.read([TestData.raw(Self.sousVide, file)])
        #expect(groups[0].format == .tappecue)
        let cook = try #require(groups[0].result.cooks.first)
        expectMatchesCanonical(cook, channel: 1, canonical: id + ".csv")
        #expect(cook.info.cut == TestData.manifest(id)?.cut)
        #expect(cook.info.name == food)
        #expect(roles(cook) == [1: .meat])
    }

    // Source: ManOnWire/BBQ, "iGrill_V2 - Pulled Pork/Ambient - 20180102.csv" (Weber iGrill v2 app).
    static let iGrill = "ManOnWire+BBQ"

    @Test func iGrillPulledPork() throws {
        let groups = try TestData.read(TestData.rawFiles(Self.iGrill))
        try #require(groups.count == 1)
        #expect(groups[0].format == .igrill)
        let cook = try #require(groups[0].result.cooks.first)
        expectMatchesCanonical(cook, channel: 1, canonical: "igrill_pulled_pork.csv")
        #expect(roles(cook) == [1: .meat, 2: .ambient])
        #expect(cook.channels.map(\.name) == ["Pulled Pork", "Ambient"])
        #expect(cook.info.cut == TestData.manifest("igrill_pulled_pork")?.cut)
        #expect(cook.info.name == "Pulled Pork")
        let inserted = try #require(cook.events.first { $0.kind == .probeInserted })
        #expect(inserted.elapsedSeconds == 0 && inserted.channel == 1)
        // Time zero = insertion, 02/01/2018 08:18:00 local (UTC here); the pit phase is kept aside.
        let t0 = CivilTime(year: 2018, month: 1, day: 2, hour: 8, minute: 18, second: 0).secondsAsIfUTC
        #expect(cook.info.startedAtUnixMs == CookAssembly.ms(t0))
        let pre = try #require(cook.series.first { $0.name == IGrillCSVReader.preInsertionSeriesName })
        #expect(pre.points.count == 390)  // distinct timestamps before 08:18:00
        #expect(pre.points.allSatisfy { $0.elapsedSeconds < 0 })
        #expect((pre.points.map(\.value).max() ?? 0) >= 100)  // the probe lay in the pit at ~108 C
        #expect(cook.readings.allSatisfy { $0.elapsedSeconds >= 0 })
        let ambient = cook.readings.filter { $0.channel == 2 }
        #expect(!ambient.isEmpty && ambient.allSatisfy { $0.probeCelsius == nil })
    }

    /// The Ambient file imported without its meat probe's is the pit alone, with a note naming
    /// the files to import together: it was taken for meat, a "probe" at 139 C with an
    /// insertion "detected" and a hint that the file was in Fahrenheit.
    @Test func iGrillAmbientFileAloneIsThePit() throws {
        let ambient = try #require(TestData.rawFiles(Self.iGrill).first { $0.hasSuffix("Ambient - 20180102.csv") })
        let groups = try TestData.read([ambient])
        let result = try #require(groups.first?.result)
        let cook = try #require(result.cooks.first)
        #expect(roles(cook) == [1: .ambient])
        #expect(cook.readings.allSatisfy { $0.probeCelsius == nil && $0.ambientCelsius != nil })
        #expect(!cook.events.contains { $0.kind == .probeInserted })
        #expect(
            result.notes.contains {
                $0.contains("imported as the pit alone") && $0.contains("iGrill_V2 - * - 20180102.csv")
            })
        #expect(!result.notes.contains { $0.contains("Fahrenheit") })
    }

    @Test func iGrillTimeZoneOffset() throws {
        var options = TestData.options
        options.utcOffsetSeconds = 3600
        let cook = try #require(
            try TestData.read(TestData.rawFiles(Self.iGrill), options: options)[0].result.cooks.first)
        let t0 = CivilTime(year: 2018, month: 1, day: 2, hour: 8, minute: 18, second: 0).secondsAsIfUTC - 3600
        #expect(cook.info.startedAtUnixMs == CookAssembly.ms(t0))
        #expect(cook.info.utcOffsetSeconds == 3600)
        // A named zone: London is UTC+0 in January.
        options.utcOffsetSeconds = nil
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        options.zoneOffsetSeconds = { newYork.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) }
        let ny = try #require(try TestData.read(TestData.rawFiles(Self.iGrill), options: options)[0].result.cooks.first)
        #expect(ny.info.utcOffsetSeconds == -5 * 3600)
        #expect(ny.info.startedAtUnixMs == CookAssembly.ms(t0 + 3600 + 5 * 3600))
    }

    @Test func directoriesExpandToTheirFiles() throws {
        let groups = try TestData.read(["\(TestData.root ?? "")/raw/\(Self.iGrill)/"])
        #expect(groups.count == 1 && groups[0].paths.count == 2)
    }

    @Test func everyRawFileImports() throws {
        var paths: [String] = []
        for repo in [Self.combustion, Self.tempfit, Self.heatLedger, Self.probeAbility, Self.sousVide, Self.iGrill] {
            paths += TestData.rawFiles(repo)
        }
        #expect(paths.count == 22)
        let groups = try TestData.read(paths)
        let cooks = groups.flatMap(\.result.cooks)
        // 3 Combustion + 4 ThermoPro + 3 heat-ledger + 2 Probe-ability + 2 Tappecue + 1 iGrill.
        #expect(cooks.count == 15)
        #expect(Set(cooks.compactMap(\.info.contentHash)).count == 15)
        #expect(groups.allSatisfy { $0.result.badRowCount == 0 })
        #expect(
            cooks.allSatisfy {
                !$0.readings.isEmpty && $0.info.status == .imported && $0.info.source.hasPrefix("import:")
            })
    }
}
