import Foundation
import Testing

/// `import`'s lines say the target a cook is predicted and learned with, as `show` says it.
@Suite struct ImportUsualTargetTests {
    static let csv = "t_s,probe_c,ambient_c\n0,5,160\n60,6,161\n120,7,162\n"

    /// `import FILE --cut turkey` said `target -` while `show` said `74.0 C (the usual for
    /// turkey)`: the session stores no target of its own and takes its cut's usual one.
    @Test func aCutAloneSaysItsUsualTarget() async throws {
        let box = Sandbox()
        defer { box.cleanup() }
        let file = box.write("cook.csv", Self.csv)
        let usual = "cut turkey, target 74.0 C (the usual for turkey)"
        let dry = await box.run(["import", file, "--cut", "turkey", "--dry-run"])
        #expect(dry.out.hasPrefix("would import: ") && dry.out.contains(usual), "\(dry.out)")
        let imported = await box.run(["import", file, "--cut", "turkey"])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out == "imported as session 1: cook (import:csv): 1 channel [1 meat 3], \(usual)\n")
        let show = await box.run(["show", "1"])
        #expect(show.out.contains("target     74.0 C (the usual for turkey)"), "\(show.out)")
        let again = await box.run(["import", file, "--unit", "f"])
        #expect(again.out.contains("cut turkey, target 165.2 F (the usual for turkey)"), "\(again.out)")
        // A target given is the target; no cut and no target is still `-`.
        let other = box.write("other.csv", Self.csv.replacingOccurrences(of: ",5,", with: ",4,"))
        let given = await box.run(["import", other, "--cut", "turkey", "--target", "70"])
        #expect(given.out.contains("cut turkey, target 70.0 C\n"), "\(given.out)")
        let bare = box.write("bare.csv", Self.csv.replacingOccurrences(of: ",5,", with: ",3,"))
        let none = await box.run(["import", bare])
        #expect(none.out.contains("cut -, target -\n"), "\(none.out)")
    }
}
