#!/usr/bin/env python3
"""Regenerates the ScanCodecs test fixtures. Run from this folder: python3 make_fixtures.py
Needs numpy and Pillow; heif-enc (Debian libheif-examples) for the HEIC and AVIF files."""
import io
import random
import struct
import subprocess
import zlib

import numpy as np
from PIL import Image

# An upright 64x48 reference of 16x16 flat blocks in 12 distinct colours: asymmetric, so every
# one of the eight orientations gives a different stored image, and flat enough for JPEG.
COLOURS = [
    (230, 30, 30), (30, 200, 40), (40, 60, 220), (240, 220, 30),
    (200, 40, 200), (30, 210, 210), (250, 250, 250), (10, 10, 10),
    (250, 140, 20), (120, 70, 20), (128, 128, 128), (150, 200, 255),
]


def upright():
    a = np.zeros((48, 64, 3), np.uint8)
    for row in range(3):
        for col in range(4):
            a[row * 16:(row + 1) * 16, col * 16:(col + 1) * 16] = COLOURS[row * 4 + col]
    return a


def stored_for(orientation, up):
    """The stored pixels that orientation `orientation` turns into `up` (the inverse transform)."""
    return {
        1: lambda a: a,
        2: lambda a: a[:, ::-1],
        3: lambda a: a[::-1, ::-1],
        4: lambda a: a[::-1, :],
        5: lambda a: a.transpose(1, 0, 2),
        6: lambda a: np.rot90(a, 1),   # displayed by turning 90 deg clockwise
        7: lambda a: a[::-1, ::-1].transpose(1, 0, 2),
        8: lambda a: np.rot90(a, -1),  # displayed by turning 90 deg counter-clockwise
    }[orientation](up).copy()


def exif_tiff(orientation, big_endian):
    """A minimal TIFF structure: IFD0 with the one Orientation (0x0112) SHORT entry."""
    e = '>' if big_endian else '<'
    head = (b'MM' if big_endian else b'II') + struct.pack(e + 'HI', 42, 8)
    ifd = struct.pack(e + 'H', 1) + struct.pack(e + 'HHIHH', 0x0112, 3, 1, orientation, 0) + struct.pack(e + 'I', 0)
    return head + ifd


def jpeg_bytes(a, quality=95, subsampling=0):
    out = io.BytesIO()
    Image.fromarray(a).save(out, 'JPEG', quality=quality, subsampling=subsampling)
    return out.getvalue()


def with_app1(jpeg, payload):
    """Inserts an APP1 segment right after SOI."""
    segment = b'\xff\xe1' + struct.pack('>H', len(payload) + 2) + payload
    return jpeg[:2] + segment + jpeg[2:]


def png_bytes(a, **kw):
    out = io.BytesIO()
    Image.fromarray(a).save(out, 'PNG', **kw)
    return out.getvalue()


def write(name, data):
    with open(name, 'wb') as f:
        f.write(data)


def main():
    up = upright()
    write('upright.png', png_bytes(up))
    for o in range(1, 9):
        # Odd orientations in big-endian (Motorola) TIFF, even in little-endian (Intel).
        write(f'orientation-{o}.jpg', with_app1(jpeg_bytes(stored_for(o, up)), b'Exif\0\0' + exif_tiff(o, o % 2 == 1)))
    # PNG eXIf chunk (Pillow writes it from the exif= bytes, a bare TIFF structure).
    write('orientation-6.png', png_bytes(stored_for(6, up), exif=b'Exif\0\0' + exif_tiff(6, False)))

    # A photo-like JPEG (smooth gradients and noise) cut at 60 %: the scan data stops early.
    rng = np.random.RandomState(7)
    yy, xx = np.mgrid[0:96, 0:128]
    photo = np.stack([(xx * 2) % 256, (yy * 2) % 256, (xx + yy) % 256], -1) + rng.randint(0, 20, (96, 128, 3))
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    full = jpeg_bytes(photo, quality=90, subsampling=2)
    write('truncated.jpg', full[:len(full) * 6 // 10])

    # The same JPEG with its SOF0 frame header claiming 40000x40000.
    sof = full.index(b'\xff\xc0')
    huge = bytearray(full)
    huge[sof + 5:sof + 9] = struct.pack('>HH', 40000, 40000)
    write('huge.jpg', bytes(huge))

    # A PNG with IHDR claiming 40000x40000 (CRC recomputed, so only the size is wrong).
    png = bytearray(png_bytes(photo))
    png[16:24] = struct.pack('>II', 40000, 40000)
    png[29:33] = struct.pack('>I', zlib.crc32(bytes(png[12:29])) & 0xffffffff)
    write('huge.png', bytes(png))

    # A PNG whose IDAT CRC is wrong (data intact), and one cut in half.
    good = png_bytes(photo)
    idat = good.index(b'IDAT')
    length = struct.unpack('>I', good[idat - 4:idat])[0]
    bad = bytearray(good)
    bad[idat + 4 + length] ^= 0xFF
    write('bad-crc.png', bytes(bad))
    write('truncated.png', good[:len(good) // 2])

    write('text.jpg', b'This is not a photo, it is a note saved with the wrong name.\n')
    write('empty.jpg', b'')
    garbage = random.Random(11)
    write('garbage.bin', bytes([0x00, 0x13]) + bytes(garbage.randrange(256) for _ in range(500)))
    Image.fromarray(photo).save('photo.gif')
    Image.fromarray(photo).save('photo.bmp')
    Image.fromarray(photo).convert('CMYK').save('cmyk.jpg', quality=90)

    # HEIC and AVIF of the upright reference (heif-enc uses x265 and aom).
    subprocess.run(['heif-enc', '-q', '90', '-p', 'chroma=444', 'upright.png', '-o', 'upright.heic'], check=True)
    subprocess.run(['heif-enc', '-A', '-q', '90', 'upright.png', '-o', 'upright.avif'], check=True)
    heic = open('upright.heic', 'rb').read()
    write('truncated.heic', heic[:len(heic) * 6 // 10])


if __name__ == '__main__':
    main()
