// swift-tools-version: 6.0
import PackageDescription

// libFuzzer harnesses for Flatbed's parsers and decoder wrappers; see README.md.
// Build with `bash run.sh` (which passes -sanitize=fuzzer,address), not with a plain `swift build`.

/// One executable per harness, named after its folder; each exports `LLVMFuzzerTestOneInput`.
let harnesses: [(name: String, dependencies: [Target.Dependency])] = [
    ("fuzz-corners-json", [.product(name: "ScanPipeline", package: "Flatbed"), .product(name: "ScanServer", package: "Flatbed")]),
    ("fuzz-exif", [.product(name: "ScanCodecs", package: "Flatbed")]),
    ("fuzz-jpeg", [.product(name: "ScanCodecs", package: "Flatbed"), .product(name: "ScanPDF", package: "Flatbed")]),
    ("fuzz-png", [.product(name: "ScanCodecs", package: "Flatbed")]),
    ("fuzz-heif", [.product(name: "ScanCodecs", package: "Flatbed")]),
    ("fuzz-tiff", [.product(name: "ScanCodecs", package: "Flatbed"), "CFuzzTIFF"]),
    ("fuzz-http", [.product(name: "ScanServer", package: "Flatbed"), .product(name: "ScanCodecs", package: "Flatbed")]),
    ("fuzz-pdf-text", [.product(name: "ScanPDF", package: "Flatbed")]),
    ("fuzz-detector", [.product(name: "ScanDetect", package: "Flatbed")]),
]

let package = Package(
    name: "FlatbedFuzz",
    dependencies: [
        .package(name: "Flatbed", path: ".."),
    ],
    targets: [
        // Shared helpers: reading structured values out of the fuzzer's bytes, checks that trap,
        // the checks every image decoder must pass.
        .target(name: "FuzzSupport", dependencies: [
            "CFuzzDriver", .product(name: "ScanCore", package: "Flatbed"), .product(name: "ScanCodecs", package: "Flatbed"),
        ]),

        // libFuzzer's driver entry, declared for Swift (the symbol comes with -sanitize=fuzzer).
        .systemLibrary(name: "CFuzzDriver"),

        // libtiff, to read back what the TIFF writer made (the root package's CTIFF is not a product).
        .systemLibrary(name: "CFuzzTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
    ] + harnesses.map { harness in
        .executableTarget(name: harness.name, dependencies: ["FuzzSupport"] + harness.dependencies)
    }
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
