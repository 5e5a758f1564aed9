import CookcastStore
import Foundation
import Testing

extension ProbeCommandTests {
    /// Runs `cookcast arguments` against `fake`, killed if it has not ended in `seconds`: its
    /// exit status (nil when it had to be killed) and all it printed.
    func bounded(_ arguments: [String], fake: FakeBlueZ, seconds: Double = 15) async throws -> (
        status: Int32?, text: String
    ) {
        let out = Pipe()
        let process = try cookcast(arguments, fake: fake, output: out)
        let ended = try await waitUntil(seconds) { !process.isRunning }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (ended ? process.terminationStatus : nil, text)
    }

    /// QA: a user the system bus's policy does not let talk to bluetoothd got the bus's
    /// "Rejected send message, 2 matched rules; type="method_call", sender=..." from `scan`, and
    /// `live` opened a session and tried again every 5 s for ever, storing that paragraph each
    /// time. Both now say what is wrong and what to do, and exit 69 before any session.
    @Test(arguments: [
        ["scan", "--seconds", "0.3"], ["live", "--probe", FakeBlueZ.address, "--cut", "brisket", "--plain"],
    ])
    func aUserNotAllowedToUseBluetoothIsToldSo(arguments: [String]) async throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.denyAccess()
        let (dir, db) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (status, text) = try await bounded(arguments + ["--db", db], fake: fake)
        #expect(status == 69, "\(text)")
        #expect(
            text == "cookcast \(arguments[0]): the system bus does not let this user use Bluetooth (org.bluez): "
                + "add the user to the bluetooth group (sudo usermod -aG bluetooth $USER, then log in again) "
                + "or run as root\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// QA: a short scan that found nothing said "no devices found in 0 s" for `--seconds 0.3`.
    @Test func aScanThatFindsNothingSaysHowLongItLooked() throws {
        let fake = try FakeBlueZ()
        defer { fake.stop() }
        try fake.removeDevice()
        for (given, said) in [("0.3", "0.3"), ("0.25", "0.25"), ("1", "1")] {
            let (status, text) = try finished(["scan", "--seconds", given], fake: fake)
            #expect(status == 0, "\(text)")
            #expect(text == "no devices found in \(said) s\n")
        }
    }
}
