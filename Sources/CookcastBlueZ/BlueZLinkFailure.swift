import Foundation

/// Why a link gave up for good, shared between its thread and the source's consumer: retrying
/// cannot help once a connected probe's resolved services lack what was asked for.
final class BlueZLinkFailure: @unchecked Sendable {
    /// The `DBusError` name of a failure no retry can mend.
    static let finalErrorName = "com.cookcast.Error.CharacteristicUnusable"

    private let lock = NSLock()
    private var text: String?

    /// The one-line reason, or nil while the link has not given up.
    var message: String? { lock.withLock { text } }

    /// Records the reason (the first one stands).
    func record(_ message: String) { lock.withLock { text = text ?? message } }
}
