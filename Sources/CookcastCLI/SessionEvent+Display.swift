import CookcastCore

extension SessionEvent {
    /// The event's detail for a person, in `unit`: events are stored as text with temperatures in
    /// Celsius (`probe 1 reached 95.0 C`), so under Fahrenheit each number followed by ` C` is
    /// converted (`203.0 F`, as many decimals as stored, at most one); a difference (`within
    /// 0.3 C of it`, `2.0 C below its peak`, `C/h`) is scaled without the offset. A target is
    /// stored with every decimal it has (`93.333333333 C`, given as 200 F) and shown with one
    /// (`93.3 C`, `200.0 F`). Other numbers (seconds, percent, packet bytes) are left alone.
    func displayDetail(unit: TemperatureUnit) -> String {
        TemperatureText.converting(detail, to: unit)
    }
}

/// Finds the Celsius temperatures in free text (a number followed by ` C`) and rewrites them in
/// another unit.
enum TemperatureText {
    /// Words after `N C` that make it a difference: `3.0 C below the target`.
    static let differenceWordsAfter: Set<String> = [
        "below", "above", "under", "over", "warmer", "colder", "hotter", "cooler", "higher", "lower", "more", "less",
    ]
    /// Words before `N C` that make it a difference: `within 0.3 C of it`.
    static let differenceWordsBefore: Set<String> = ["within", "by"]

    /// The most decimals a temperature is shown with: words store a target with all of its own
    /// (`TemperatureUnit.formatExactCelsius`), every other temperature with one at most.
    static let shownDecimals = 1

    /// `text` with every Celsius temperature in it expressed in `unit`, with at most
    /// `shownDecimals` decimals; otherwise unchanged for Celsius. The first number of a range
    /// (`20 to 60 C`, `52-55 C`) is converted with the second.
    static func converting(_ text: String, to unit: TemperatureUnit) -> String {
        let chars = Array(text)
        var replaced: [(range: Range<Int>, text: String)] = []
        var i = 0
        while i < chars.count {
            guard let end = temperatureEnd(in: chars, from: i) else {
                i += 1
                continue
            }
            let isDifference =
                (end < chars.count && chars[end] == "/")
                || (end < chars.count && chars[end] == " "
                    && differenceWordsAfter.contains(word(in: chars, from: end + 1)))
                || differenceWordsBefore.contains(word(in: chars, endingAt: i - 1))
            func shown(_ number: Range<Int>) -> String? {
                guard let value = Double(String(chars[number])), value.isFinite else { return nil }
                let stored = chars[number].firstIndex(of: ".").map { number.upperBound - $0 - 1 } ?? 0
                // In Celsius only what has more decimals than are shown is rewritten (rounded).
                guard unit != .celsius || stored > shownDecimals else { return nil }
                let decimals = min(stored, shownDecimals)
                let text =
                    isDifference
                    ? unit.formatDifference(celsius: value, decimals: decimals)
                    : unit.format(celsius: value, decimals: decimals)
                return String(text.dropLast(unit.symbol.count + 1))
            }
            if let first = rangeStart(in: chars, before: i), let text = shown(first) {
                replaced.append((first, text))
            }
            if let text = shown(i..<end - 2) { replaced.append((i..<end, text + " " + unit.symbol)) }
            i = end
        }
        var out = ""
        var position = 0
        for (range, text) in replaced {
            out += String(chars[position..<range.lowerBound]) + text
            position = range.upperBound
        }
        return out + String(chars[position...])
    }

    /// The number that opens a range ending in the temperature at `start` (`20 to 60 C`,
    /// `52-55 C`), nil when there is none.
    private static func rangeStart(in chars: [Character], before start: Int) -> Range<Int>? {
        var i = start
        if i >= 4, String(chars[i - 4..<i]) == " to " {
            i -= 4
        } else if i >= 1, chars[i - 1] == "-" {
            i -= 1
        } else {
            return nil
        }
        let end = i
        while i > 0, chars[i - 1].isASCII, chars[i - 1].isNumber || chars[i - 1] == "." { i -= 1 }
        if i > 0, chars[i - 1] == "-", i < 2 || !(chars[i - 2].isLetter || chars[i - 2].isNumber) { i -= 1 }
        guard i < end, chars[end - 1].isNumber, i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) else {
            return nil
        }
        return i..<end
    }

    /// The end (exclusive, after the `C`) of a temperature starting at `start`: an optional
    /// minus, digits, optionally `.` and digits, a space and `C` that no letter or digit follows,
    /// where no letter, digit or `.` comes before `start`. Nil when none starts there.
    private static func temperatureEnd(in chars: [Character], from start: Int) -> Int? {
        if start > 0, chars[start - 1].isLetter || chars[start - 1].isNumber || chars[start - 1] == "." {
            return nil
        }
        var i = start
        if i < chars.count, chars[i] == "-" { i += 1 }
        let digitsStart = i
        while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
        guard i > digitsStart else { return nil }
        if i + 1 < chars.count, chars[i] == ".", chars[i + 1].isASCII, chars[i + 1].isNumber {
            i += 1
            while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
        }
        guard i + 1 < chars.count, chars[i] == " ", chars[i + 1] == "C" else { return nil }
        let end = i + 2
        if end < chars.count, chars[end].isLetter || chars[end].isNumber { return nil }
        return end
    }

    /// The word (letters) starting at `start`, lowercased; empty when none.
    private static func word(in chars: [Character], from start: Int) -> String {
        guard start >= 0, start <= chars.count else { return "" }
        return String(chars[start...].prefix { $0.isLetter }).lowercased()
    }

    /// The word (letters) ending just before the space at `space`, lowercased; empty when none.
    private static func word(in chars: [Character], endingAt space: Int) -> String {
        guard space >= 1, space < chars.count, chars[space] == " " else { return "" }
        return String(chars[..<space].reversed().prefix { $0.isLetter }.reversed()).lowercased()
    }
}
