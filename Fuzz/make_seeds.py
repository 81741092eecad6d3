#!/usr/bin/env python3
"""Writes Fuzz/corpus/<harness>/ seeds from the test fixtures and a few hand-made inputs.

Deterministic; the output is committed (small), so run it only to refresh the seeds:
    python3 Fuzz/make_seeds.py
"""
import hashlib
import io
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIXTURES = os.path.join(ROOT, "Tests", "ScanCodecsTests", "Fixtures")
CORPUS = os.path.join(HERE, "corpus")


def write(harness, data, name=None):
    folder = os.path.join(CORPUS, harness)
    os.makedirs(folder, exist_ok=True)
    name = name or hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def fixture(name, limit=None):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        data = f.read()
    return data[:limit] if limit else data


def exif_payload(jpeg):
    """The TIFF block of a JPEG's first APP1 Exif segment, or None."""
    offset = 2
    while offset + 4 <= len(jpeg) and jpeg[offset] == 0xFF:
        marker = jpeg[offset + 1]
        length = (jpeg[offset + 2] << 8) | jpeg[offset + 3]
        if marker == 0xE1 and jpeg[offset + 4:offset + 10] == b"Exif\0\0":
            return jpeg[offset + 10:offset + 2 + length]
        if marker == 0xDA:
            return None
        offset += 2 + length
    return None


def main():
    try:
        from PIL import Image
    except ImportError:
        sys.exit("make_seeds.py needs pillow (pip install pillow)")

    # Corners files and API bodies (from the tests' examples).
    for text in [
        '{"image": "a.jpg", "corners": [[1,2],[30,2],[30,40],[1,40]], "confidence": 0.9, "detect_ms": 3}\n'
        '{"image": "dir/b.jpg", "corners": null}',
        '[{"image": "a.jpg", "corners": [[0,0],[10,0],[10,10],[0,10]]}]',
        '{"image": "three.jpg", "corners": [[0,0],[10,0],[10,10]]}\n{"image": "words.jpg", "corners": [["a",0],[10,0],[10,10],[0,10]]}',
        '{"minimumIoU": 0.8, "frameCount": 5, "maximumAreaChange": 0.2, "autoCapture": false}',
        '{"minimumIoU": 0.2}',
        '{"corners": [[2,2],[60,3],[61,45],[1,44]], "rotation": 90, "mode": "bw"}',
        '{"corners": null, "rotation": 270, "mode": "color"}',
        '{"pages": ["AAAAAAAAAAAAAAAAAAAAAA"]}',
        '{"corners": [[1e308,1e308],[-1e308,0],[0,0],[1,1]]}',
    ]:
        write("fuzz-corners-json", text.encode())

    # EXIF: the TIFF blocks of the orientation fixtures, and whole JPEG/PNG files.
    for value in range(1, 9):
        jpeg = fixture(f"orientation-{value}.jpg")
        payload = exif_payload(jpeg)
        if payload:
            write("fuzz-exif", payload, f"tiff-orientation-{value}")
        write("fuzz-jpeg", jpeg, f"orientation-{value}.jpg")
    write("fuzz-exif", b"MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0", "tiff-big-endian-6")

    # JPEG: fixtures, a grey one and a progressive one made here.
    for name in ["truncated.jpg", "cmyk.jpg", "text.jpg", "huge.jpg"]:
        write("fuzz-jpeg", fixture(name), name)
    image = Image.new("RGB", (24, 16), (200, 180, 160))
    for x in range(6, 18):
        for y in range(4, 12):
            image.putpixel((x, y), (30, 40, 50))
    for mode, extra, name in [("L", {}, "gray.jpg"), ("RGB", {"progressive": True}, "progressive.jpg"),
                              ("RGB", {"subsampling": 0}, "444.jpg")]:
        out = io.BytesIO()
        image.convert(mode).save(out, "JPEG", quality=70, **extra)
        write("fuzz-jpeg", out.getvalue(), name)

    # PNG: fixtures (the large ones cut to their headers), and small ones in every layout.
    for name, limit in [("upright.png", None), ("orientation-6.png", None), ("truncated.png", 2048),
                        ("bad-crc.png", 2048), ("huge.png", 256)]:
        write("fuzz-png", fixture(name, limit), name)
    for mode, name in [("L", "gray.png"), ("LA", "gray-alpha.png"), ("RGBA", "rgba.png"), ("P", "palette.png"),
                       ("1", "bilevel.png"), ("I;16", "gray16.png")]:
        out = io.BytesIO()
        image.convert(mode).save(out, "PNG")
        write("fuzz-png", out.getvalue(), name)

    # HEIF/AVIF fixtures.
    for name in ["upright.heic", "upright.avif", "truncated.heic", "thin-picture.heic", "many-pictures.heic",
                 "focal-52.heic"]:
        write("fuzz-heif", fixture(name), name)

    # TIFF writer: option bytes (compression, quality, strip, dpi) then pages (kind, width, height, pixels).
    for compression in [0, 1]:
        for kind in [0, 1, 2]:
            seed = bytes([compression, 87, 3, 10, 0x04, 0xB0, 1, kind, 20, 12, 8]) + bytes(range(8))
            write("fuzz-tiff", seed, f"page-c{compression}-k{kind}")
    write("fuzz-tiff", bytes([1, 87, 1, 0, 2, 0, 30, 20, 4, 1, 2, 3, 4, 1, 10, 10, 2, 0, 255]), "two-pages-nan-dpi")
    write("fuzz-tiff", b"II*\0\x08\0\0\0", "tiff-header")

    # HTTP: hand-picked requests (see HTTPHarness.swift for how bytes become a request).
    for seed in [
        bytes([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0]),
        bytes([0, 2, 3, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 3, 3]) + b'{"minimumIoU": 0.8}',
        bytes([0, 4, 6, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 3, 2]) + b'{"corners": [[2,2],[60,3],[61,45],[1,44]]}',
        bytes([0, 0, 9, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 3, 0]),
        bytes([0, 2, 5, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 2, 0]),
        bytes([0, 0, 13, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        bytes([0, 5, 2, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0]),
    ]:
        write("fuzz-http", seed)

    # PDF text: title flag, then pages (width, height, size, words: text, box).
    def word(text, box):
        raw = text.encode("utf-8")
        return bytes([1, len(raw)]) + raw + bytes([1]) + b"".join(bytes([10, v >> 8, v & 255]) for v in box)
    for words, rtl in [(["Invoice", "total"], False), (["שלום", "مرحبا"], True), (["日本語", "😀"], False)]:
        body = bytes([0, 0, 16, 12, 1, 1, 150, len(words)])
        for index, text in enumerate(words):
            body += word(text, [8 * (10 + 40 * index), 80, 240, 96])
        write("fuzz-pdf-text", body)
    utf16 = bytes([0xD8, 0x00, 0x00, 0x41, 0xDC, 0x00, 0x05, 0xD0])  # lone surrogates around letters
    write("fuzz-pdf-text", bytes([1, 0, len(utf16)]) + utf16 + bytes([1, 0, 8, 8, 1, 1, 72, 1, 0, len(utf16)]) + utf16
          + bytes([1, 10, 0, 8, 10, 0, 8, 10, 0, 80, 10, 0, 40]), "utf16-surrogates")

    # Detector: a page on a table as a coarse grid, and a few raw layouts.
    grid = [60] * 16
    for cell in (5, 6, 9, 10):
        grid[cell] = 230
    write("fuzz-detector", bytes([120, 90, 3, 2]) + bytes(grid), "grid-page")
    write("fuzz-detector", bytes([100, 100, 1]) + bytes((x * 7) % 256 for x in range(256)), "gray-ramp")
    write("fuzz-detector", bytes([60, 40, 2, 200]) + bytes([0xF0, 0x0F] * 64), "two-colours")
    write("fuzz-detector", bytes([40, 40, 0]) + bytes(range(256)), "raw-rgb")


if __name__ == "__main__":
    main()
