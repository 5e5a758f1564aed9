/// Cuts bytes that arrive in chunks into lines, each byte searched for a newline once, with a
/// bound on what it keeps.
///
/// A line longer than `maximumLineBytes` is no reading (binary junk, a feeder gone wrong): it is
/// dropped as it is read, never kept whole, and reported once its end comes (`Piece.tooLong`);
/// what is kept is at most `maximumLineBytes` and a chunk (a line that ends in the chunk that took
/// it past the limit is still handed on whole).
/// Searching the whole kept buffer again with every 64 KiB chunk made a 24 MB line take over two
/// minutes (`live --stdin` at full CPU, the readings after it never stored); `bytesSearched` says
/// how much was searched, so that can be checked without a clock.
struct LineSplitter {
    /// What the splitter hands on.
    enum Piece {
        /// A line, without its newline.
        case line(ArraySlice<UInt8>)
        /// A line over `maximumLineBytes`, skipped.
        case tooLong
    }

    /// Bytes a line may have.
    let maximumLineBytes: Int
    /// Bytes searched for a newline so far (each byte of the input at most once).
    private(set) var bytesSearched = 0

    private var buffer: [UInt8] = []
    /// The bytes of `buffer` already searched for a newline.
    private var searchedBytes = 0
    /// Whether the line being read is too long to keep.
    private var isLineTooLong = false

    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// Takes the next chunk; hands on each line it completes, in order.
    mutating func feed(_ chunk: [UInt8], _ piece: (Piece) -> Void) {
        buffer.append(contentsOf: chunk)
        var lineStart = 0
        var searchFrom = searchedBytes
        while let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
            bytesSearched += newline + 1 - searchFrom
            piece(isLineTooLong ? .tooLong : .line(buffer[lineStart..<newline]))
            isLineTooLong = false
            lineStart = newline + 1
            searchFrom = lineStart
        }
        bytesSearched += buffer.count - searchFrom
        buffer.removeFirst(lineStart)
        if buffer.count > maximumLineBytes {
            isLineTooLong = true
            buffer.removeAll(keepingCapacity: true)
        }
        searchedBytes = buffer.count
    }

    /// At the end of input: the last line if it had no newline (nothing for an empty rest).
    mutating func finish(_ piece: (Piece) -> Void) {
        if isLineTooLong {
            piece(.tooLong)
        } else if !buffer.isEmpty {
            piece(.line(buffer[...]))
        }
        buffer.removeAll()
        searchedBytes = 0
        isLineTooLong = false
    }
}
