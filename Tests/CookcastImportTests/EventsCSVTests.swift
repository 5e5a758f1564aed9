import CookcastCore
import Testing

@testable import CookcastImport

/// `EventsCSV`: the events file `live` saves with its unstored readings, read back as written.
@Suite struct EventsCSVTests {
    func file(_ text: String, path: String = "x.db-unsaved-1-20261130T231500Z-events.csv") -> ImportFile {
        ImportFile(path: path, bytes: Array(text.utf8))
    }

    /// Details with commas, quotes and a line end, fractional times and channels come back as
    /// they were, in order.
    @Test func whatIsWrittenIsReadBack() throws {
        let events = [
            SessionEvent(elapsedSeconds: 0.001, kind: .connected, detail: ""),
            SessionEvent(elapsedSeconds: 25.5, kind: .alarm, channel: 2, detail: #"probe_lost: "2", gone, 61.3 C"#),
            SessionEvent(elapsedSeconds: 1e6 + 0.25, kind: "new_kind_2", detail: "two\nlines"),
        ]
        let text = EventsCSV.render(events)
        #expect(try EventsCSV.events(in: file(text)) == events)
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try EventsCSV.events(in: file(crlf)).map(\.kind) == events.map(\.kind))
        #expect(try EventsCSV.events(in: file(EventsCSV.header + "\n")).isEmpty)
    }

    /// An iBBQ's battery replies are stored on the thermometer's channel 0: its recovery file
    /// must come back whole (a channel 0 refused the file, and every event of it).
    @Test func theThermometersChannelZeroIsReadBack() throws {
        let events = [
            SessionEvent(elapsedSeconds: 0.5, kind: .probeStatus, channel: 0, detail: "24A00F981900"),
            SessionEvent(elapsedSeconds: 600.5, kind: .alarm, detail: "battery_low: thermometer battery low (12 %)"),
        ]
        #expect(try EventsCSV.events(in: file(EventsCSV.render(events))) == events)
        let negative = "t_s,kind,channel,detail\n1,note,-1,\"\"\n"
        let error = #expect(throws: ImportError.self) { try EventsCSV.events(in: file(negative)) }
        #expect(error?.description.contains("line 2: channel '-1' is not an integer >= 0") == true)
    }

    @Test func aDamagedFileNamesItsLine() {
        let cases = [
            ("", "line 1: no header line"),
            ("t_s,kind,channel\n", "line 1: header 't_s,kind,channel'"),
            ("t_s,kind,channel,detail\n1,connected,,\"\"\n-2,connected,,\"\"\n", "line 3: t_s '-2'"),
            ("t_s,kind,channel,detail\n1,connected,,\"\"\n\n2,stall,1,\"a\"b\n", "line 4: text after a closing quote"),
            ("t_s,kind,channel,detail\n1,\"\",,\"\"\n", "line 2: kind ''"),
            ("t_s,kind,channel,detail\n1,note,,\"open\n", "line 2: a quote that is never closed"),
            // QA: taken, and stored as 9e12 s ("[2500000000:00:00]" in `show`).
            ("t_s,kind,channel,detail\n1,note,,\"\"\n1e300,note,,\"\"\n", "line 3: t_s 1e+300 is outside"),
        ]
        for (text, reason) in cases {
            let error = #expect(throws: ImportError.self) { try EventsCSV.events(in: file(text)) }
            #expect(error?.description.hasPrefix("\(file(text).path): not a valid events file: \(reason)") == true)
        }
    }

    @Test func itsNameFollowsTheReadingsFile() {
        #expect(EventsCSV.siblingPath(ofReadings: "/d/x.db-unsaved-1-Z.csv") == "/d/x.db-unsaved-1-Z-events.csv")
        #expect(EventsCSV.siblingPath(ofReadings: "/d/x-events.csv") == nil)
        #expect(EventsCSV.siblingPath(ofReadings: "/d/cook.json") == nil)
        #expect(EventsCSV.isEventsFile(file("t_s,kind,channel,detail\n", path: "any.csv")))
        #expect(EventsCSV.isEventsFile(file("time,kind\n")))
        #expect(!EventsCSV.isEventsFile(file("t_s,probe_c,ambient_c\n1,20,100\n", path: "x-events.csv")))
    }
}
