// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Flatbed",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "flatbed", targets: ["flatbed"]),
        .library(name: "ScanCore", targets: ["ScanCore"]),
        .library(name: "ScanCodecs", targets: ["ScanCodecs"]),
        .library(name: "ScanDetect", targets: ["ScanDetect"]),
        .library(name: "ScanEnhance", targets: ["ScanEnhance"]),
        .library(name: "ScanPDF", targets: ["ScanPDF"]),
        .library(name: "ScanPipeline", targets: ["ScanPipeline"]),
        .library(name: "ScanServer", targets: ["ScanServer"]),
    ],
    targets: [
        // Engine: pure Swift, no C, builds unchanged on Apple platforms.
        .target(name: "ScanCore"),
        .target(name: "ScanDetect", dependencies: ["ScanCore"]),
        .target(name: "ScanEnhance", dependencies: ["ScanCore"]),
        .target(name: "ScanPDF", dependencies: ["ScanCore"]),

        // Wrappers of C libraries: codecs and OCR.
        .target(name: "ScanCodecs", dependencies: ["ScanCore", "CTurboJPEG", "CPNG", "CHeif", "CTIFF"]),
        .target(name: "ScanOCR", dependencies: ["ScanCore", "CTesseract"]),

        // Use cases: pages, documents, export.
        .target(name: "ScanPipeline", dependencies: ["ScanCore", "ScanCodecs", "ScanDetect", "ScanEnhance", "ScanOCR", "ScanPDF"]),

        // C libraries, from Debian packages through pkg-config.
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // Apps
        .target(name: "ScanServer", dependencies: ["ScanPipeline", "CMicroHTTPD", "CSQLite"], resources: [.copy("Web")]),
        .executableTarget(name: "flatbed", dependencies: ["ScanPipeline", "ScanServer"]),

        // Tests
        .target(name: "ScanTestSupport", dependencies: ["ScanCore"], path: "Tests/ScanTestSupport"),
        .testTarget(name: "ScanCoreTests", dependencies: ["ScanCore", "ScanTestSupport"]),
        .testTarget(name: "ScanCodecsTests", dependencies: ["ScanCodecs", "ScanTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ScanDetectTests", dependencies: ["ScanDetect", "ScanCodecs", "ScanTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ScanEnhanceTests", dependencies: ["ScanEnhance", "ScanTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ScanPDFTests", dependencies: ["ScanPDF", "ScanTestSupport"]),
        .testTarget(name: "ScanOCRTests", dependencies: ["ScanOCR", "ScanCodecs", "ScanTestSupport"]),
        .testTarget(name: "ScanPipelineTests", dependencies: ["ScanPipeline", "ScanCodecs", "ScanTestSupport"]),
        .testTarget(name: "ScanServerTests", dependencies: ["ScanServer", "ScanCodecs", "ScanTestSupport"]),
        .testTarget(name: "FlatbedCLITests", dependencies: ["ScanTestSupport"]),

        // Benchmarks: run in release, print ratios against their peers.
        .executableTarget(
            name: "rectify-benchmark", dependencies: ["ScanCore", "ScanCodecs", "ScanEnhance"],
            path: "Benchmarks/rectify", exclude: ["opencv_warp.py"]),
        .executableTarget(
            name: "enhance-benchmark", dependencies: ["ScanCore", "ScanEnhance"],
            path: "Benchmarks/enhance", exclude: ["bench.py", "run.sh"]),
    ]
)

// One set of Swift settings for every target.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .swiftLanguageMode(.v6),
        .enableUpcomingFeature("ExistentialAny"),
    ]
}
