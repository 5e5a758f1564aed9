import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a command's output file (`export -o`, `plot -o`, `fit --export-priors`) into what the
/// path names, never over it.
///
/// An ordinary file, or a path that does not exist yet, is replaced atomically (a temporary file
/// in the same directory, renamed over it), so a reader never sees half a file. A symbolic link
/// is followed and its target replaced the same way; the link stays. A FIFO, a terminal, a
/// character device, anything under `/proc` or `/dev` (`/dev/stdout`, `/proc/self/fd/1`) or a
/// dangling link is opened and written directly. Foundation's `createFile(atPath:)`, used before,
/// renamed a temporary file over whatever the path was: a symlink or a FIFO became an ordinary
/// file, the target was never written and a reader of the FIFO waited forever.
enum OutputFile {
    /// Writes `bytes` to `path`; throws a one-line I/O error (exit 74) naming the path.
    static func write(_ bytes: Data, to path: String) throws(CLIError) {
        try withDescriptor(for: path) { fd throws(CLIError) in
            if let reason = StandardDescriptors.writeAll(bytes, to: fd) { throw .io("cannot write \(path): \(reason)") }
        }
    }

    /// Writes what `produce` hands to its `emit`, piece by piece, to `path` as `write(_:to:)`
    /// writes bytes (a file replaced atomically, or a FIFO or device written in place), without
    /// the whole output in memory (`export --format json` of a long cook). A failed write throws
    /// from `emit`; an error `produce` throws leaves an ordinary file as it was.
    static func write(
        to path: String, _ produce: (_ emit: (String) throws(CLIError) -> Void) throws(CLIError) -> Void
    ) throws(CLIError) {
        try withDescriptor(for: path) { fd throws(CLIError) in
            try produce { text throws(CLIError) in
                if let reason = StandardDescriptors.writeAll(text, to: fd) {
                    throw .io("cannot write \(path): \(reason)")
                }
            }
        }
    }

    /// Opens what `path` names for writing (see the type), lets `body` write to the descriptor and
    /// finishes: closes it, and for an atomic replacement syncs it and renames it over the target.
    private static func withDescriptor(
        for path: String, _ body: (Int32) throws(CLIError) -> Void
    ) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("an output file name is empty") }
        if let target = atomicTarget(for: path) {
            try replaceAtomically(target, shownAs: path, body)
        } else {
            try writeDirectly(path, body)
        }
    }

    /// Throws the error writing `path` would end in, when it can be told before any work: an
    /// empty name, a directory given as the file, or a directory to write the file into that is
    /// missing or not writable. (`fit --export-priors` refitted and stored every cook before it
    /// said so.)
    static func checkWritable(_ path: String) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("an output file name is empty") }
        var followed = stat()
        if stat(path, &followed) == 0, (followed.st_mode & S_IFMT) == S_IFDIR {
            throw .io("cannot write \(path): \(String(cString: strerror(EISDIR)))")
        }
        guard let target = atomicTarget(for: path) else { return }
        let directory = (target as NSString).deletingLastPathComponent
        if access(directory.isEmpty ? "." : directory, W_OK) != 0 { throw failure(path) }
    }

    /// The ordinary file to replace atomically for `path`, or nil when it must be written in place.
    static func atomicTarget(for path: String) -> String? {
        var link = stat()
        guard lstat(path, &link) == 0 else { return path }  // does not exist yet: created atomically
        if isSpecialTree(path) { return nil }
        if (link.st_mode & S_IFMT) == S_IFREG { return path }
        guard (link.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var followed = stat()
        guard stat(path, &followed) == 0, (followed.st_mode & S_IFMT) == S_IFREG,
            let resolved = realpath(path, nil)
        else { return nil }
        defer { free(resolved) }
        let target = String(cString: resolved)
        return isSpecialTree(target) ? nil : target
    }

    /// Kernel file systems whose entries only make sense opened in place.
    private static func isSpecialTree(_ path: String) -> Bool {
        path.hasPrefix("/proc/") || path.hasPrefix("/dev/") || path.hasPrefix("/sys/")
    }

    private static func writeDirectly(_ path: String, _ body: (Int32) throws(CLIError) -> Void) throws(CLIError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path) }
        do { try body(fd) } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw failure(path) }
    }

    private static func replaceAtomically(
        _ target: String, shownAs path: String, _ body: (Int32) throws(CLIError) -> Void
    ) throws(CLIError) {
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        // Created with 0666 under the umask, as a new file would be; an existing one keeps its mode.
        let temporary = "\(directory)/.\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path) }
        var existing = stat()
        let keepsMode = stat(target, &existing) == 0
        var reason = !keepsMode || fchmod(fd, existing.st_mode & 0o7777) == 0 ? nil : String(cString: strerror(errno))
        if reason == nil {
            do { try body(fd) } catch {
                close(fd)
                unlink(temporary)
                throw error
            }
        }
        if reason == nil, fsync(fd) != 0 { reason = String(cString: strerror(errno)) }
        if close(fd) != 0, reason == nil { reason = String(cString: strerror(errno)) }
        if reason == nil, rename(temporary, target) != 0 { reason = String(cString: strerror(errno)) }
        if let reason {
            unlink(temporary)
            throw .io("cannot write \(path): \(reason)")
        }
    }

    private static func failure(_ path: String) -> CLIError {
        .io("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
