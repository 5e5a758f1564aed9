import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Raw access to the process's standard descriptors 0-2, for `StandardConsole`.
enum StandardDescriptors {
    /// Whether standard output was closed when the process started (`cookcast sessions >&-`).
    static var outputWasClosed: Bool { closedAtStart.contains(STDOUT_FILENO) }

    /// Whether standard input is a directory (`live --stdin < /tmp`): no read of it gives a
    /// line, and it was taken for an empty stream (a session of no readings, exit 0).
    static var inputIsDirectory: Bool {
        var info = stat()
        return fstat(STDIN_FILENO, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Opens /dev/null on every standard descriptor that is closed; runs once per process.
    static func reserveClosed() { _ = closedAtStart }

    private static let closedAtStart: Set<Int32> = {
        var closed: Set<Int32> = []
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed.insert(fd)
            let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != fd {
                dup2(null, fd)
                close(null)
            }
        }
        return closed
    }()

    /// Writes all of `text` to `fd`, retrying short writes and interruptions; nil on success,
    /// else the reason (`No space left on device`, `Broken pipe`).
    static func writeAll(_ text: String, to fd: Int32) -> String? { write(text, to: fd)?.reason }

    /// Writes all of `data` to `fd` as `writeAll(_:to:)` does with text (an output file's content).
    static func writeAll(_ data: Data, to fd: Int32) -> String? { write(bytes: Array(data), to: fd)?.reason }

    /// Writes all of `text` to `fd` as `writeAll` does; on failure, the `errno` and its reason.
    static func write(_ text: String, to fd: Int32) -> (code: Int32, reason: String)? {
        write(bytes: Array(text.utf8), to: fd)
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and interruptions.
    private static func write(bytes all: [UInt8], to fd: Int32) -> (code: Int32, reason: String)? {
        var bytes = all[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                // A non-blocking descriptor (shared with a parent that set O_NONBLOCK): wait for room.
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 1000)
            } else {
                let code = written < 0 ? errno : 0
                return (code, code != 0 ? String(cString: strerror(code)) : "nothing written")
            }
        }
        return nil
    }
}
