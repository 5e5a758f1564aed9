import Foundation
import Testing

/// `import` of a Tappecue log reads its probe columns by name.
@Suite struct TappecueImportTests {
    /// A log whose bath comes before the meat (`,ElapsedTime,Bath,TBone`) imported the water bath
    /// as the meat probe, named "Bath", exit 0. It is the T-bone in its bath, the same cook as the
    /// log in the device's own order.
    @Test func theBathBeforeTheMeatIsTheBath() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let swapped = box.write(
            "bath-first.txt", ",ElapsedTime,Bath,TBone\n0,0.0,55.0,12.8\n1,1.0,55.1,14.0\n2,2.0,55.2,16.0\n")
        let imported = await box.run(["import", swapped])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("session 1: TBone (import:tappecue)"), "\(imported.out)")
        let show = await box.run(["show", "1"])
        #expect(show.out.contains("ch1  probe 12.8 C  ambient 55.0 C"), "\(show.out)")
        #expect(show.out.contains("sous_vide"), "\(show.out)")
        let usual = box.write(
            "usual.txt", ",ElapsedTime,TBone,Bath\n0,0.0,12.8,55.0\n1,1.0,14.0,55.1\n2,2.0,16.0,55.2\n")
        let again = await box.run(["import", usual])
        #expect(again.out.contains("already imported as session 1, skipped: TBone"), "\(again.out) \(again.err)")
    }
}
