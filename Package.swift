// swift-tools-version:6.0
import PackageDescription

/// cookcast: a cooking-analytics engine for Bluetooth meat thermometers (Linux, BlueZ over D-Bus).
/// Module boundaries and what each may import are described in ARCHITECTURE.md.
let package = Package(
    name: "cookcast",
    products: [
        .executable(name: "cookcast", targets: ["cookcast"]),
        .executable(name: "cookcast-bench", targets: ["cookcast-bench"]),
    ],
    targets: [
        // C libraries from Debian packages; exactly one Swift target imports each.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLAPACKE", path: "Sources/CLAPACKE", pkgConfig: "lapacke",
                       providers: [.apt(["liblapacke-dev"])]),
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", pkgConfig: "dbus-1",
                       providers: [.apt(["libdbus-1-dev"])]),

        .target(name: "CookcastCore"),
        .target(name: "CookcastFit", dependencies: ["CookcastCore", "CLAPACKE"]),
        .target(name: "CookcastStore", dependencies: ["CookcastCore", "CSQLite"]),
        .target(name: "CookcastIngest", dependencies: ["CookcastCore"]),
        .target(name: "CookcastImport", dependencies: ["CookcastCore", "CookcastIngest", "CookcastStore"]),
        .target(name: "CookcastBlueZ", dependencies: ["CookcastCore", "CookcastIngest", "CDBus"]),
        .target(name: "CookcastEngine",
                dependencies: ["CookcastCore", "CookcastFit", "CookcastStore", "CookcastIngest"]),
        .target(name: "CookcastCLI",
                dependencies: ["CookcastCore", "CookcastFit", "CookcastStore", "CookcastIngest",
                               "CookcastImport", "CookcastBlueZ", "CookcastEngine"]),
        .executableTarget(name: "cookcast", dependencies: ["CookcastCLI"]),
        .executableTarget(name: "cookcast-bench",
                          dependencies: ["CookcastCore", "CookcastFit", "CookcastStore",
                                         "CookcastIngest", "CookcastEngine"],
                          path: "Benchmarks/cookcast-bench"),

        .testTarget(name: "CookcastCoreTests", dependencies: ["CookcastCore"]),
        .testTarget(name: "CookcastFitTests", dependencies: ["CookcastCore", "CookcastFit", "CookcastIngest"]),
        .testTarget(name: "CookcastStoreTests", dependencies: ["CookcastCore", "CookcastStore"]),
        .testTarget(name: "CookcastIngestTests", dependencies: ["CookcastCore", "CookcastIngest"]),
        .testTarget(name: "CookcastImportTests",
                    dependencies: ["CookcastCore", "CookcastImport", "CookcastStore"]),
        .testTarget(name: "CookcastBlueZTests",
                    dependencies: ["CookcastCore", "CookcastBlueZ", "CookcastEngine", "CookcastStore"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "CookcastEngineTests",
                    dependencies: ["CookcastCore", "CookcastEngine", "CookcastFit", "CookcastStore", "CookcastIngest"]),
        .testTarget(name: "CookcastCLITests", dependencies: ["CookcastCLI", "CookcastCore", "CookcastStore"]),
    ],
    swiftLanguageModes: [.v6]
)
