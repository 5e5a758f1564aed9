import Testing

@testable import CookcastCLI

/// The brief's "history" (cookcast's `sessions`) and misspelt or guessed command words: the
/// user learns the command that does it instead of only "unknown command".
@Suite struct CommandSuggestionTests {
    @Test func historyListsTheStoredCooksAsSessionsDoes() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let cook = box.write("cook.csv", "t_s,probe_c,ambient_c\n0,20.5,150\n30,21.5,150\n")
        #expect(await box.run(["import", cook, "--cut", "chicken"]).status == 0)
        let history = await box.run(["history"])
        #expect(history.status == 0, "\(history.err)")
        #expect(history.out == (await box.run(["sessions"])).out)
        #expect(history.out.contains("chicken"))
        #expect(await box.run(["help", "history"]).out.contains("usage: cookcast sessions"))
        #expect(await box.run(["--help"]).out.contains("(also: history)"))
    }

    @Test func anUnknownWordNamesTheCommandItMeant() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let cases = [
            ("sesions", "did you mean 'sessions'?"), ("pridict", "did you mean 'predict'?"),
            ("lvie", "did you mean 'live'?"), ("replay", "did you mean 'live --replay FILE'?"),
            ("list", "did you mean 'sessions'?"), ("chart", "did you mean 'plot'?"),
        ]
        for (word, hint) in cases {
            let r = await box.run([word])
            #expect(r.status == 64, "\(word)")
            #expect(r.err.hasPrefix("cookcast: unknown command '\(word)'; \(hint)"), "\(word): \(r.err)")
        }
        let nothingClose = await box.run(["frobnicate"])
        #expect(nothingClose.status == 64)
        #expect(nothingClose.err.hasPrefix("cookcast: unknown command 'frobnicate'\n"))
    }

    @Test func shortWordsNeedACloserMatch() {
        // "fix" is one edit from "fit" and suggested; "mix" two from it, and not.
        #expect(CommandSuggestion.closest(to: "fix", among: CookcastMain.commands) == "fit")
        #expect(CommandSuggestion.closest(to: "mix", among: CookcastMain.commands) == nil)
        #expect(CommandSuggestion.editDistance("sohw", "show") == 1)
    }
}
