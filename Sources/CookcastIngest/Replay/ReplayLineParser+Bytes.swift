import CookcastCore

extension ReplayLineParser {
    /// Parses one line given as its UTF-8 bytes (without the newline): a plain CSV row straight
    /// from the bytes, any other line as `parse(_:)` does with `line()`, the same line as text.
    ///
    /// What `ReplayFile` runs for each line: a 24 h log at 2 Hz (172,800 rows) took 300 ms to
    /// parse through Substrings, field arrays and `Double(Substring)`.
    mutating func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, line: () -> Substring) -> Outcome {
        plainCSVOutcome(bytes) ?? parseLine(line())
    }

    /// The outcome of a CSV line read from its bytes, when it is blank, a comment, or a row whose
    /// every value is a plain decimal (`PlainDecimal`); nil for every other line, which
    /// `parseLine` reads: a header, the first row (it may have a note to say), a row of the wrong
    /// width, without a time or a temperature or with a bad channel, `nan`, `inf`, other number
    /// forms and non-ASCII text. The outcome is the one `parseLine` gives, to the bit.
    func plainCSVOutcome(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome? {
        guard format == .csv, let c = columns, c.note == nil, c.separator == UInt8(ascii: ","),
            let expectedCount = c.count
        else { return nil }
        var start = 0
        var end = bytes.count
        while start < end, Self.isBlank(bytes[start]) { start += 1 }
        while end > start, Self.isBlank(bytes[end - 1]) { end -= 1 }
        if start == end { return .skip }
        if bytes[start] == UInt8(ascii: "#") {
            // ASCII only: `parseLine` reads a comment by its first Character, which a combining
            // mark after the `#` would change.
            return bytes[start..<end].allSatisfy { $0 < 0x80 } ? .skip : nil
        }
        var t: Double?
        var probe: Double?
        var ambient: Double?
        var battery: Double?
        var channel = 1
        var fieldIndex = 0
        var fieldStart = start
        while fieldStart <= end {
            var fieldEnd = fieldStart
            while fieldEnd < end, bytes[fieldEnd] != UInt8(ascii: ",") { fieldEnd += 1 }
            var valueStart = fieldStart
            var valueEnd = fieldEnd
            while valueStart < valueEnd, Self.isBlank(bytes[valueStart]) { valueStart += 1 }
            while valueEnd > valueStart, Self.isBlank(bytes[valueEnd - 1]) { valueEnd -= 1 }
            let field = UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd])
            // One column may have two roles (a header without t_s reads column 0 as the time).
            if fieldIndex == c.time {
                guard let value = PlainDecimal.value(field) else { return nil }
                t = value
            }
            if !field.isEmpty {
                if fieldIndex == c.probe {
                    guard let value = PlainDecimal.value(field) else { return nil }
                    probe = c.probeUnit.celsius(from: value)
                }
                if fieldIndex == c.ambient {
                    guard let value = PlainDecimal.value(field) else { return nil }
                    ambient = c.ambientUnit.celsius(from: value)
                }
                if fieldIndex == c.battery {
                    guard let value = PlainDecimal.value(field) else { return nil }
                    battery = value
                }
                if fieldIndex == c.channel {
                    guard let n = Self.plainChannel(field) else { return nil }
                    channel = n
                }
            }
            fieldIndex += 1
            fieldStart = fieldEnd + 1
        }
        guard fieldIndex == expectedCount, let t, probe != nil || ambient != nil else { return nil }
        // What `parseLine` makes of the row's values (`Reading.plausiblePart` names what it leaves out).
        return Self.outcome(
            Reading(
                channel: channel, elapsedSeconds: t, probeCelsius: probe, ambientCelsius: ambient,
                batteryPercent: battery))
    }

    /// A channel of one to three plain digits within `ChannelInfo.numbers`, else nil.
    private static func plainChannel(_ field: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...3).contains(field.count) else { return nil }
        var n = 0
        for byte in field {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            n = n * 10 + Int(digit)
        }
        return ChannelInfo.numbers.contains(n) ? n : nil
    }

}
