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

    /// QA: `--cut chickn` said only "unknown cut" (predict and live went on with the generic
    /// prior): a cut name or alias within two edits is suggested, as the cut it names.
    @Test func aMisspeltCutIsSuggested() async {
        let box = Sandbox()
        defer { box.cleanup() }
        let fit = await box.run(["fit", "--cut", "chickn"])
        #expect(fit.status == 64)
        #expect(fit.err.hasPrefix("cookcast fit: unknown cut 'chickn'; did you mean 'chicken'? (known: "), "\(fit.err)")
        let cook = SharedData.cook("combustion_short_46c.csv")
        let predict = await box.run(["predict", cook, "--cut", "brsket", "--target", "50", "--format", "seconds"])
        #expect(predict.status == 0)
        #expect(predict.err.contains("warning: unknown cut 'brsket', using a generic prior; did you mean 'brisket'?"))
        let live = await box.run(["live", "--replay", cook, "--cut", "pulledpork", "--speed", "max"])
        #expect(live.err.contains("unknown cut 'pulledpork'; did you mean 'pork_shoulder'?"), "\(live.err)")
        let far = await box.run(["live", "--replay", cook, "--cut", "xyz", "--speed", "max"])
        #expect(!far.err.contains("did you mean"), "\(far.err)")
    }
}
