import CookcastCore
import Foundation
import Testing

@testable import CookcastImport

/// Bad input, sentinels, round trips and duplicate detection, on small hand-made files.
struct ImportBehaviourTests {
    static func utf16LE(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return bytes
    }

    static func file(_ name: String, _ text: String) -> ImportFile {
        ImportFile(path: name, bytes: Array(text.utf8), modifiedAtUnixMs: 1_700_000_000_000)
    }

    static let options = ImportOptions(utcOffsetSeconds: 0, catalog: TestData.catalog)

    @Test func thermoProSentinelsNeverBecomeTemperatures() throws {
        let text = """
            Time\tTemperature\tUnit
            2024-01-01 12:00:00 PM\t40.0\tF
            2024-01-01 12:00:20 PM\t32.0\tF
            2024-01-01 12:00:40 PM\t671.0\tF
            2024-01-01 12:01:00 PM\t41.0\tF
            2024-01-01 12:01:20 PM\tabc\tF
            2024-01-01 12:01:40 PM\t0.0\tC
            2024-01-01 12:02:00 PM\t6.0\tC

            """
        let f = ImportFile(path: "history_probe_1_20240101120500.csv", bytes: Self.utf16LE(text))
        #expect(FormatDetector.detect(f) == .thermopro)
        let groups = try Importer(options: Self.options).read(files: [f])
        let cook = try #require(groups.first?.result.cooks.first)
        let values = cook.readings.compactMap(\.probeCelsius)
        #expect(values.count == 3)
        #expect(close(values[0], 4.444) && close(values[1], 5.0) && close(values[2], 6.0))
        #expect(!values.contains { abs($0) < 0.001 || $0 > 300 })
        #expect(groups[0].result.badRows == [BadRows(file: f.path, count: 1, firstLines: [6])])
        #expect(groups[0].result.notes.contains { $0.contains("3 sentinel") })
        // 12:00 PM is noon.
        #expect(
            cook.info.startedAtUnixMs
                == CookAssembly.ms(
                    CivilTime(year: 2024, month: 1, day: 1, hour: 12, minute: 0, second: 0).secondsAsIfUTC))
    }

    @Test func iGrillNoReadingMarkerIsDropped() throws {
        let text =
            "\u{FEFF}Date & Time,Temperature\r\n\"02/01/2018, 07:10:12\",--\r\n\"02/01/2018, 07:10:15\",20\r\n\"13/01/2018, 07:10:18\",x\r\n"
        let f = Self.file("iGrill_V2 - Brisket - 20180102.csv", text)
        let groups = try Importer(options: Self.options).read(files: [f])
        let cook = try #require(groups.first?.result.cooks.first)
        #expect(cook.readings.map(\.probeCelsius) == [20])
        #expect(groups[0].result.badRows.first?.firstLines == [4])
        #expect(cook.info.cut == "brisket")
        #expect(cook.events.isEmpty)  // no pit phase, no insertion event
    }

    @Test func insertionIsNotDetectedForAProbeInsertedFromTheStart() {
        let rising = (0..<200).map { 5.0 + Double($0) * 0.3 }
        #expect(IGrillCSVReader.insertionIndex(rising) == nil)
        let heating: [Double] = (0..<20).map { 20.0 + Double($0) * 4 }
        let falling: [Double] = (0..<20).map { 90.0 - Double($0) * 4 }
        let cooking: [Double] = (0..<100).map { 10.0 + Double($0) * 0.5 }
        let pitThenMeat = heating + falling + cooking
        let i = IGrillCSVReader.insertionIndex(pitThenMeat)
        #expect(i.map { pitThenMeat[$0] <= 20 } == true)
        #expect(i.map { pitThenMeat[$0 - 1] > 20 } == true)
    }

    @Test func heatLedgerAbsentValuesAreDropped() throws {
        guard TestData.available else { return }
        // Source: edwardspeyer/heat-ledger (MIT), examples/bbq-pork-rubs.sqlite: 4 meat rows are -300000.
        let path = TestData.raw("edwardspeyer+heat-ledger", "bbq-pork-rubs.sqlite")
        let result = try Importer(options: Self.options).readAll(paths: [path])
        let meat = result.cooks[0].readings.filter { $0.channel == 1 }
        #expect(meat.count == 484)
        #expect(
            !result.cooks[0].readings.contains { ($0.probeCelsius ?? 0) <= -299 || ($0.ambientCelsius ?? 0) <= -299 })
        #expect(result.notes.contains { $0.contains("4 'no probe'") })
    }

    /// A heat-ledger database cut short (a copy interrupted) is bad data, as one damaged further
    /// in is: exit 65 either way, not 66 ("cannot open") for the one and 65 for the other.
    @Test func aDamagedHeatLedgerDatabaseIsBadDataWhereverTheDamage() throws {
        guard TestData.available else { return }
        let source = try Data(
            contentsOf: URL(fileURLWithPath: TestData.raw("edwardspeyer+heat-ledger", "roast-chicken.sqlite")))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var endDamaged = source
        endDamaged.replaceSubrange(
            (source.count - 4000)..<(source.count - 3700), with: [UInt8](repeating: 0xA5, count: 300))
        for (name, bytes) in [("truncated", source.prefix(source.count * 6 / 7)), ("overwritten", endDamaged)] {
            let path = dir.appendingPathComponent("\(name).sqlite").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                _ = try Importer(options: Self.options).readAll(paths: [path])
                Issue.record("\(name): expected an error")
            } catch {
                #expect(!error.isMissingInput, "\(name): \(error)")
                #expect(
                    error.description.contains("malformed") && !error.description.contains("\n"), "\(name): \(error)")
            }
        }
    }

    @Test func unknownFormatNamesTheFormatsTried() {
        let f = Self.file("notes.txt", "hello world\nthis is not a cook\n")
        #expect(FormatDetector.detect(f) == nil)
        do {
            _ = try Importer(options: Self.options).read(files: [f])
            Issue.record("expected an error")
        } catch {
            #expect(error == .unknownFormat(file: "notes.txt", tried: FormatDetector.order.map(\.rawValue)))
            let line = error.description
            #expect(!line.contains("\n"))
            // Every format that is detected; a hex log is read only when asked for (--profile).
            for name in ImportFormat.names where name != HexLogReader.formatName { #expect(line.contains(name)) }
        }
    }

    @Test func unknownFormatStopsTheWholeImport() {
        let good = Self.file("a.csv", "t_s,probe_c,ambient_c\n0,5,100\n")
        let bad = Self.file("b.bin", "\u{1}\u{2}garbage")
        #expect(throws: ImportError.self) { try Importer(options: Self.options).read(files: [good, bad]) }
    }

    @Test func formatFlag() throws {
        #expect(try ImportFormat.named("auto") == nil)
        #expect(try ImportFormat.named("iGrill") == .igrill)
        #expect(throws: ImportError.self) { try ImportFormat.named("fireboard") }
        // A forced format that does not fit the file is a clear error, not a crash.
        let f = Self.file("a.csv", "t_s,probe_c,ambient_c\n0,5,100\n")
        #expect(throws: ImportError.self) { try Importer(options: Self.options, format: .combustion).read(files: [f]) }
    }

    @Test func brokenRowsAreCountedWithLineNumbers() throws {
        let text = """
            t_s,probe_c,ambient_c
            0,5.0,100
            10,oops,100
            20,5.5,101
            30
            ,,
            40,6.0,
            50,6.5,102,7,8
            x,1,2
            60,7.0,103
            70,nan?,1
            """
        let r = try #require(
            try Importer(options: Self.options).read(files: [Self.file("broken.csv", text)]).first?.result)
        // t = 0, 20, 40, 60; a row with more fields than the header is corrupt, as in `live --replay`.
        #expect(r.cooks[0].readings.count == 4)
        #expect(r.badRows.count == 1)
        #expect(r.badRows[0].count == 6)
        #expect(r.badRows[0].firstLines == [3, 5, 6, 8, 9])
        #expect(r.badRows[0].summary == "broken.csv: 6 bad rows (lines 3, 5, 6, 8, 9, ...)")
    }

    @Test func probeAbilityBrokenRows() throws {
        let text = """
            # cook_name: Pork Loin
            # target_temp_c: 63
            elapsed_s,internal_temp_c,ambient_temp_c,predicted_remaining_s,confidence
            0.0,10.0,120.0,,low
            30.0,bad,120.0,,low
            60.0,11.0,121.0,900,low
            90.0,12.0,121.0,zzz,low
            120.0,13.0,122.0,800,medium
            """
        let r = try #require(
            try Importer(options: Self.options).read(files: [Self.file("cook_x.csv", text)]).first?.result)
        #expect(r.cooks[0].readings.count == 3)
        #expect(r.badRows.first?.firstLines == [5, 7])
        #expect(r.cooks[0].info.cut == "pork_loin")
        #expect(r.cooks[0].info.targetCelsius == 63)
        #expect(r.cooks[0].series.first?.points.map(\.value) == [900, 800])
    }

    @Test func impossibleValuesFromAnyFormatNeverReachTheStore() throws {
        // A flipped byte turns 52.80 into 52E80: a finite number, but no temperature. Stored, it
        // made `cookcast sessions`, `show` and `plot` trap when formatting the session.
        let text = """
            # cook_name: Pork Loin
            elapsed_s,internal_temp_c,ambient_temp_c,predicted_remaining_s,confidence
            0.0,10.0,120.0,,low
            30.0,52E80,120.0,,low
            60.0,11.0,-400,900,low
            90.0,12.0,121.0,,low
            """
        let r = try #require(
            try Importer(options: Self.options).read(files: [Self.file("cook_x.csv", text)]).first?.result)
        let readings = r.cooks[0].readings
        #expect(readings.map(\.elapsedSeconds) == [0, 30, 60, 90])
        #expect(readings[1].probeCelsius == nil && readings[1].ambientCelsius == 120)
        #expect(readings[2].probeCelsius == 11 && readings[2].ambientCelsius == nil)
        #expect(r.notes.contains { $0.contains("impossible values left out of 2 readings (probe_c 5.2e+81") })
    }

    @Test func fileWithNoUsableRowIsAnError() {
        let f = Self.file("empty.csv", "t_s,probe_c,ambient_c\nx,y,z\n")
        #expect(throws: ImportError.noReadings(file: "empty.csv", format: "csv")) {
            try Importer(options: Self.options).read(files: [f])
        }
    }

    @Test func canonicalCSVWithChannels() throws {
        let text = "t_s,probe_c,ambient_c,channel\n0,5,,1\n0,6,,2\n10,5.5,110,1\n10,6.5,110,2\n"
        let cook = try #require(
            try Importer(options: Self.options).read(files: [Self.file("brisket_two_probes.csv", text)]).first?.result
                .cooks.first)
        #expect(cook.channels.map(\.channel) == [1, 2])
        #expect(cook.readings.count == 4)
        #expect(cook.info.cut == "brisket")
        #expect(cook.info.startedAtUnixMs == 1_700_000_000_000)  // no wall clock: the file's mtime
        #expect(cook.info.source == "import:csv")
    }

    @Test func cookcastJSONRoundTrip() throws {
        let original = RecordedCook(
            info: SessionInfo(
                id: 42, startedAtUnixMs: 1_700_000_000_000, endedAtUnixMs: 1_700_000_600_000, cut: "brisket",
                name: "test",
                targetCelsius: 95, source: "simulate:brisket", status: .finished, contentHash: nil),
            channels: [ChannelInfo(channel: 1, name: "probe 1"), ChannelInfo(channel: 2, name: "pit", role: .ambient)],
            readings: [
                Reading(channel: 1, elapsedSeconds: 0, probeCelsius: 5, ambientCelsius: nil, batteryPercent: 90),
                Reading(channel: 2, elapsedSeconds: 0, probeCelsius: nil, ambientCelsius: 110),
            ],
            events: [SessionEvent(elapsedSeconds: 0, kind: .started)],
            series: [
                NamedSeries(
                    name: NamedSeries.vendorPredictedRemainingSeconds, points: [.init(elapsedSeconds: 0, value: 3600)])
            ])
        let data = try JSONEncoder().encode(original)
        let f = ImportFile(path: "export.json", bytes: [UInt8](data))
        #expect(FormatDetector.detect(f) == .json)
        let cook = try #require(try Importer(options: Self.options).read(files: [f]).first?.result.cooks.first)
        #expect(cook.readings == original.readings)
        #expect(cook.channels == original.channels)
        #expect(cook.events == original.events)
        #expect(cook.series == original.series)
        #expect(cook.info.id == nil)
        #expect(cook.info.status == .imported)
        #expect(cook.info.source == "import:json")
        #expect(cook.info.notes?.contains("simulate:brisket") == true)
        #expect(cook.info.contentHash == ContentHash.of(readings: original.readings))
        #expect(cook.info.startedAtUnixMs == original.info.startedAtUnixMs)
    }

    @Test func contentHashIsStableAndOrderIndependent() {
        let a = ImportFile(path: "/x/a.csv", bytes: [1, 2, 3]), b = ImportFile(path: "/y/b.csv", bytes: [4])
        #expect(ContentHash.of([a, b]) == ContentHash.of([b, a]))
        #expect(ContentHash.of([a]) != ContentHash.of([a, b]))
        // FNV-1a 64 reference values: "" -> cbf29ce484222325, "a" -> af63dc4c8601ec8c.
        #expect(ContentHash().hex == "cbf29ce484222325")
        var h = ContentHash()
        h.combine("a")
        #expect(h.hex == "af63dc4c8601ec8c")
    }

    final class MemorySink: CookSink {
        var cooks: [Int64: RecordedCook] = [:]
        func sessionID(contentHash: String) throws -> Int64? {
            cooks.first { $0.value.info.contentHash == contentHash }?.key
        }
        func insertCook(_ cook: RecordedCook) throws -> Int64 {
            let id = Int64(cooks.count + 1)
            cooks[id] = cook
            return id
        }
        func session(_ id: Int64) throws -> SessionInfo? { cooks[id]?.info }
    }

    @Test func importingTwiceIsDetected() throws {
        let sink = MemorySink()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cookcast-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cook.csv").path
        try "t_s,probe_c,ambient_c\n0,5,100\n10,6,101\n".write(toFile: path, atomically: true, encoding: .utf8)
        let importer = Importer(options: Self.options)
        let first = try importer.importFiles([path], into: sink)
        let second = try importer.importFiles([path], into: sink)
        guard case .imported(let id, _) = first.first, case .duplicate(let existing, _, _) = second.first else {
            Issue.record("expected imported then duplicate, got \(first) then \(second)")
            return
        }
        #expect(id == existing)
        #expect(sink.cooks.count == 1)
    }

    @Test func textDecoding() {
        #expect(TextDecoding.lines(Array("a\r\nb\rc\n\nd".utf8)) == ["a", "b", "c", "", "d"])
        #expect(TextDecoding.lines(Self.utf16LE("x\ty\r\nz")) == ["x\ty", "z"])
        #expect(CSVLine.fields("\"02/01/2018, 07:10:12\",--") == ["02/01/2018, 07:10:12", "--"])
        #expect(CSVLine.fields("a,\"b \"\"q\"\"\",c") == ["a", "b \"q\"", "c"])
        #expect(CivilTime.parseISOLike("2021-11-13 12:05:00 AM")?.hour == 0)
        #expect(CivilTime.parseISOLike("2021-11-13 12:05:00 PM")?.hour == 12)
        #expect(CivilTime.parseISOLike("2026-04-13T21:10:04.036675")?.second == 4.036675)
        #expect(CivilTime.parseDayFirst("02/01/2018, 07:10:12")?.month == 1)
        #expect(CivilTime.parseDayFirst("31/02/2018, 07:10:12") != nil)  // calendar overflow is not checked
        #expect(CivilTime.parseDayFirst("32/01/2018, 07:10:12") == nil)
        #expect(CivilTime.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilTime.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
    }
}

struct ImportOptionParsingTests {
    @Test func utcOffset() {
        #expect(ImportOptions.utcOffsetSeconds(parsing: "+01:00") == 3600)
        #expect(ImportOptions.utcOffsetSeconds(parsing: "-05:30") == -19_800)
        #expect(ImportOptions.utcOffsetSeconds(parsing: "-5") == -18_000)
        #expect(ImportOptions.utcOffsetSeconds(parsing: "Z") == 0)
        #expect(ImportOptions.utcOffsetSeconds(parsing: "1:5") == nil)
        #expect(ImportOptions.utcOffsetSeconds(parsing: "+25") == nil)
        #expect(ImportOptions.utcOffsetSeconds(parsing: "abc") == nil)
    }
}

struct GroupingTests {
    /// A Combustion export's head: its metadata, a blank line and the column names (line 6).
    static let combustionHead = """
        Combustion Inc. Probe Data
        CSV version: 4
        Probe S/N: 1234
        Created: 2024-05-01 20:00:00

        Timestamp,SessionID,SequenceNumber,T1,T2,T3,T4,T5,T6,T7,T8,VirtualCoreTemperature,VirtualSurfaceTemperature,VirtualAmbientTemperature,EstimatedCoreTemperature,PredictionSetPoint,VirtualCoreSensor,VirtualSurfaceSensor,VirtualAmbientSensor,PredictionState,PredictionMode,PredictionType,PredictionValueSeconds

        """

    @Test func combustionFileWithTwoSessions() throws {
        let text =
            Self.combustionHead + """
                0,11,0,20,20,20,20,20,20,20,20,20,20,20,20,0,T1,T4,T8,Probe Not Inserted,None,None,131071
                5,11,1,10,11,12,13,14,15,16,17,10,13,17,10,55,T1,T4,T8,Cooking,None,None,131071
                10,11,2,11,12,13,14,15,16,17,18,11,14,18,11,55,T1,T4,T8,Predicting,Time to Removal,None,600
                15,22,0,5,5,5,5,5,5,5,5,5,5,90,5,60,T1,T4,T8,Cooking,None,None,131071
                broken line
                20,22,1,6,6,6,6,6,6,6,6,6,6,91,6,60,T1,T4,T8,Predicting,None,None,300

                """
        let f = ImportFile(path: "ProbeData_1234_two.csv", bytes: Array(text.utf8))
        let result = try #require(try Importer(options: ImportBehaviourTests.options).read(files: [f]).first?.result)
        #expect(result.cooks.count == 2)
        #expect(result.cooks.map(\.info.targetCelsius) == [55, 60])
        #expect(result.cooks[0].readings.filter { $0.channel == 1 }.map(\.probeCelsius) == [10, 11])
        #expect(result.cooks[1].readings.filter { $0.channel == 1 }.map(\.ambientCelsius) == [90, 91])
        #expect(result.cooks[0].series.first?.points.map(\.value) == [600])
        #expect(result.cooks[0].info.contentHash != result.cooks[1].info.contentHash)
        #expect(result.cooks[0].info.probeId == "combustion:1234")
        #expect(result.badRows.first?.firstLines == [11])
        // Created (20:00:00 UTC here) is the last row (t = 20 s); session 11 starts at t = 5 s.
        let created = CivilTime(year: 2024, month: 5, day: 1, hour: 20, minute: 0, second: 0).secondsAsIfUTC
        #expect(result.cooks[0].info.startedAtUnixMs == CookAssembly.ms(created - 15))
    }

    /// One row's SessionID damaged (a digit changed), amid its session's rows: read as that
    /// session's, with a note. It became a cook of one reading of its own.
    @Test func combustionRowWithADamagedSessionIDStaysInItsSession() throws {
        var text = Self.combustionHead
        for i in 0..<8 {
            let c = 10 + i
            let sensors = Array(repeating: "\(c)", count: 7).joined(separator: ",")
            text +=
                "\(i * 5),\(i == 4 ? "12" : "11"),\(i),\(sensors),90,\(c),\(c),90,\(c),55,T1,T4,T8,Cooking,None,None,131071\n"
        }
        let f = ImportFile(path: "ProbeData_1234_damaged.csv", bytes: Array(text.utf8))
        let result = try #require(try Importer(options: ImportBehaviourTests.options).read(files: [f]).first?.result)
        #expect(result.cooks.count == 1)
        #expect(
            result.cooks.first?.readings.filter { $0.channel == 1 }.map(\.probeCelsius) == (10..<18).map(Double.init))
        #expect(
            result.notes.contains { $0.contains("line 11: SessionID 12 amid session 11's rows, read as 11's") },
            "\(result.notes)")
    }

    @Test func thermoProGroupsByExportStampAndProbe() {
        func f(_ name: String) -> ImportFile { ImportFile(path: name, bytes: []) }
        let groups = ThermoProHistoryReader.group([
            f("history_probe_1_20240101120000.csv"), f("history_probe_2_20240101120200.csv"),
            f("history_probe_1_20240101120300.csv"),  // same probe again: another cook
            f("history_probe_3_20240101150000.csv"),  // three hours later: another cook
            f("history_probe_x.csv"),
        ]).map { $0.map(\.path) }
        #expect(groups.count == 4)
        #expect(groups.contains(["history_probe_1_20240101120000.csv", "history_probe_2_20240101120200.csv"]))
        #expect(groups.contains(["history_probe_1_20240101120300.csv"]))
        #expect(groups.contains(["history_probe_3_20240101150000.csv"]))
        #expect(groups.contains(["history_probe_x.csv"]))
    }

    @Test func iGrillGroupsByDeviceAndDate() {
        func f(_ name: String) -> ImportFile { ImportFile(path: name, bytes: []) }
        let groups = IGrillCSVReader.group([
            f("iGrill_V2 - Brisket - 20180102.csv"), f("iGrill_V2 - Ambient - 20180102.csv"),
            f("iGrill_V2 - Ribs - 20180105.csv"),
        ]).map { $0.map(\.path) }
        #expect(
            groups == [
                ["iGrill_V2 - Brisket - 20180102.csv", "iGrill_V2 - Ambient - 20180102.csv"],
                ["iGrill_V2 - Ribs - 20180105.csv"],
            ])
    }
}
