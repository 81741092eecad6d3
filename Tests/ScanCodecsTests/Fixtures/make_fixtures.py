#!/usr/bin/env python3
"""Regenerates the ScanCodecs test fixtures. Run from this folder: python3 make_fixtures.py
Needs numpy and Pillow; heif-enc (Debian libheif-examples) for the HEIC and AVIF files."""
import io
import os
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


def exif_focal_length_tiff(millimetres, big_endian):
    """A minimal TIFF structure: IFD0 pointing (0x8769) to an Exif directory holding the one
    FocalLengthIn35mmFilm (0xA405) SHORT entry."""
    e = '>' if big_endian else '<'
    head = (b'MM' if big_endian else b'II') + struct.pack(e + 'HI', 42, 8)
    ifd0 = struct.pack(e + 'H', 1) + struct.pack(e + 'HHII', 0x8769, 4, 1, 26) + struct.pack(e + 'I', 0)
    exif = struct.pack(e + 'H', 1) + struct.pack(e + 'HHIHH', 0xA405, 3, 1, millimetres, 0) + struct.pack(e + 'I', 0)
    return head + ifd0 + exif


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
    focal_length_heic(up)

    bad_input_corpus()


def focal_length_heic(up):
    """A HEIC whose Exif item states a 52 mm lens: heif-enc copies a JPEG's Exif segment."""
    write('focal-52.jpg', with_app1(jpeg_bytes(up), b'Exif\0\0' + exif_focal_length_tiff(52, True)))
    subprocess.run(['heif-enc', '-q', '90', '-p', 'chroma=444', 'focal-52.jpg', '-o', 'focal-52.heic'], check=True)
    os.remove('focal-52.jpg')



# --- The bad-input corpus: valid-but-odd images, lying headers, other formats ------------------

def page_scene(width, height):
    """A small photo of a page: a light sheet with dark text bars on a brown table, so the
    detector has a document to find in every valid-but-odd encoding."""
    yy, xx = np.mgrid[0:height, 0:width]
    a = np.empty((height, width, 3), np.uint8)
    a[..., 0] = 110 + (xx * 30 // width)
    a[..., 1] = 80 + (yy * 20 // height)
    a[..., 2] = 50
    # The sheet: a slightly rotated rectangle covering most of the frame.
    cx, cy = width / 2, height / 2
    u = (xx - cx) * 0.995 + (yy - cy) * 0.1
    v = -(xx - cx) * 0.1 + (yy - cy) * 0.995
    sheet = (abs(u) < width * 0.33) & (abs(v) < height * 0.4)
    a[sheet] = (236, 234, 228)
    lines = sheet & (abs(u) < width * 0.25) & ((v.astype(int) // 6) % 3 == 0) & (abs(v) < height * 0.3)
    a[lines] = (30, 30, 35)
    return a


def png_chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)


def raw_png(samples, bit_depth, colour_type, interlaced=False, palette=None):
    """A PNG written by hand (Pillow writes neither 16-bit RGB nor interlaced files): `samples` is
    an (h, w, channels) array of 8- or 16-bit values, stored big-endian, every row filter 0."""
    h, w = samples.shape[:2]
    dtype = '>u2' if bit_depth == 16 else 'u1'

    def rows(sub):
        data = sub.astype(dtype).reshape(sub.shape[0], -1).view(np.uint8)
        return b''.join(b'\x00' + bytes(row) for row in data)

    if interlaced:
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        raw = b''.join(rows(samples[y0::dy, x0::dx]) for x0, y0, dx, dy in passes
                       if samples[y0::dy, x0::dx].size)
    else:
        raw = rows(samples)
    ihdr = struct.pack('>IIBBBBB', w, h, bit_depth, colour_type, 0, 0, 1 if interlaced else 0)
    body = png_chunk(b'IHDR', ihdr)
    if palette is not None:
        body += png_chunk(b'PLTE', bytes(palette))
    return b'\x89PNG\r\n\x1a\n' + body + png_chunk(b'IDAT', zlib.compress(raw, 9)) + png_chunk(b'IEND', b'')


def patched_sof(jpeg, width, height):
    """`jpeg` with its SOF0/SOF2 frame header claiming `width × height`."""
    data = bytearray(jpeg)
    sof = max(data.find(b'\xff\xc0'), data.find(b'\xff\xc2'))
    data[sof + 5:sof + 9] = struct.pack('>HH', height, width)
    return bytes(data)


def heif_boxes(data, start, end):
    """(type, offset, size) of the boxes from `start` to `end`, descending into meta and iprp."""
    found, i = [], start
    while i + 8 <= end:
        size, kind = struct.unpack('>I4s', data[i:i + 8])
        found.append((kind, i, size))
        inner = {b'meta': 12, b'iprp': 8, b'ipco': 8}.get(kind)
        if inner:
            found += heif_boxes(data, i + inner, i + size)
        i += size
    return found


def bad_input_corpus():
    scene = page_scene(160, 120)
    gray = (scene.astype(np.uint32) @ np.array([299, 587, 114]) // 1000).astype(np.uint8)
    wide = lambda a: a.astype(np.uint16) * 257
    alpha = np.full(scene.shape[:2] + (1,), 255, np.uint8)
    alpha[:8] = 0  # a transparent strip, flattened onto white
    write('scene.jpg', jpeg_bytes(scene, quality=85, subsampling=2))
    write('progressive.jpg', (lambda out: (Image.fromarray(scene).save(out, 'JPEG', quality=85, progressive=True), out.getvalue())[1])(io.BytesIO()))
    write('jpeg-bytes.png', jpeg_bytes(scene, quality=85, subsampling=2))
    write('gray16.png', raw_png(wide(gray)[..., None], 16, 0))
    write('gray16-alpha.png', raw_png(np.concatenate([wide(gray)[..., None], wide(alpha)], -1), 16, 4))
    write('rgb16.png', raw_png(wide(scene), 16, 2))
    write('rgba16.png', raw_png(np.concatenate([wide(scene), wide(alpha)], -1), 16, 6))
    write('gray-alpha.png', raw_png(np.concatenate([gray[..., None], alpha], -1), 8, 4))
    write('interlaced.png', raw_png(scene, 8, 2, interlaced=True))
    quantised = Image.fromarray(scene).quantize(16)
    palette = quantised.getpalette()[:16 * 3]
    write('palette.png', raw_png(np.array(quantised)[..., None], 8, 3, palette=palette))
    write('tiny.jpg', jpeg_bytes(np.full((1, 1, 3), 200, np.uint8)))
    write('tiny.png', png_bytes(np.full((1, 1, 3), 200, np.uint8)))
    # Photos of nothing (lens cap on, a white wall): uniform, so they compress to a few KB. Kept at
    # 1000×750 so a debug-build scan of each takes a second or two.
    write('black.jpg', jpeg_bytes(np.zeros((750, 1000, 3), np.uint8), quality=75, subsampling=2))
    write('white.jpg', jpeg_bytes(np.full((750, 1000, 3), 255, np.uint8), quality=75, subsampling=2))

    # YCCK: the CMYK fixture with its Adobe APP14 segment's transform flag (its last byte) set
    # from 0 (CMYK) to 2 (YCCK). The bytes are then read as YCCK: valid, with other colours.
    cmyk = bytearray(open('cmyk.jpg', 'rb').read())
    adobe = cmyk.find(b'Adobe') - 4
    assert adobe > 0 and cmyk[adobe:adobe + 2] == b'\xff\xee', 'Pillow wrote no Adobe marker'
    cmyk[adobe + 4 + 11] = 2
    write('ycck.jpg', bytes(cmyk))

    # Headers claiming 20000×10000 (200 megapixels) over a small image's data.
    write('huge-200mp.jpg', patched_sof(jpeg_bytes(scene, quality=85), 20000, 10000))
    png = bytearray(png_bytes(scene))
    png[16:24] = struct.pack('>II', 20000, 10000)
    png[29:33] = struct.pack('>I', zlib.crc32(bytes(png[12:29])) & 0xffffffff)
    write('huge-200mp.png', bytes(png))

    # TIFF, which Flatbed writes but does not read: multi-page, 16-bit, and cut short.
    pages = [Image.fromarray(scene), Image.fromarray(scene[::-1])]
    pages[0].save('multipage.tif', save_all=True, append_images=pages[1:], compression='tiff_deflate')
    Image.fromarray(wide(gray)).save('gray16.tif', compression='tiff_deflate')
    tiff = open('multipage.tif', 'rb').read()
    write('truncated.tif', tiff[:len(tiff) // 2])

    # HEIC variants of upright.heic: its meta box renamed (no meta box), its image's data extent
    # set to zero bytes, and both ispe boxes claiming 20000×10000.
    heic = open('upright.heic', 'rb').read()
    boxes = heif_boxes(heic, 0, len(heic))
    meta = next(offset for kind, offset, _ in boxes if kind == b'meta')
    broken = bytearray(heic)
    broken[meta + 4:meta + 8] = b'mxta'
    write('no-meta.heic', bytes(broken))
    zero = bytearray(heic)
    for kind, offset, size in boxes:
        if kind == b'iloc':
            # heif-enc writes iloc version 1 with 4-byte offsets, lengths and base offsets: each
            # item is id(2) construction_method(2) data_reference_index(2) base_offset(4)
            # extent_count(2), then offset(4) length(4) per extent.
            assert zero[offset + 8] == 1 and zero[offset + 12:offset + 14] == b'\x44\x40', 'unexpected iloc layout'
            count = struct.unpack('>H', zero[offset + 14:offset + 16])[0]
            item = offset + 16
            for _ in range(count):
                in_mdat = zero[item + 3] & 0x0F == 0
                extents = struct.unpack('>H', zero[item + 10:item + 12])[0]
                for e in range(extents):
                    if in_mdat:
                        zero[item + 12 + e * 8 + 4:item + 12 + e * 8 + 8] = b'\0\0\0\0'
                item += 12 + extents * 8
    write('zero-extent.heic', bytes(zero))
    huge = bytearray(heic)
    for kind, offset, size in boxes:
        if kind == b'ispe':
            huge[offset + 12:offset + 20] = struct.pack('>II', 20000, 10000)
    write('huge.heic', bytes(huge))
    # A picture 72 wide and 500000 high, which the old allowance for padding let through a 4 MP
    # limit (8 × 499936 after taking 64 off each side); and the coded item's one picture
    # repeated: 20 pictures in one item.
    write('thin-picture.heic', with_sps_size(heic, boxes, 72, 500_000))
    write('many-pictures.heic', with_repeated_data(heic, 20))


def with_repeated_data(heic, times):
    """`heic` with its coded item's data, which is all of the last box (`mdat`), repeated."""
    data = bytearray(heic)
    mdat = data.find(b'mdat') - 4
    body = bytes(data[mdat + 8:])
    iloc = data.find(b'iloc') - 4
    # The first item's first extent (iloc layout as in zero-extent.heic) is the whole body.
    extent = iloc + 16 + 12
    assert struct.unpack('>I', data[extent + 4:extent + 8])[0] == len(body), 'item data is not all of mdat'
    data[extent + 4:extent + 8] = struct.pack('>I', len(body) * times)
    data[mdat:mdat + 4] = struct.pack('>I', 8 + len(body) * times)
    return bytes(data) + body * (times - 1)


def exp_golomb(bits, at):
    """The unsigned Exp-Golomb value starting at bit `at` of the bit string, and where it ends."""
    zeros = bits.index('1', at) - at
    end = at + 2 * zeros + 1
    return int(bits[at + zeros:end], 2) - 1, end


def with_sps_size(heic, boxes, width, height):
    """`heic` with the SPS in its `hvcC` declaring a `width × height` picture: the two Exp-Golomb
    fields rewritten, emulation prevention redone, and the sizes of the NAL unit, of `hvcC` and of
    the boxes holding it, and the `iloc` offsets behind it, grown to match."""
    data = bytearray(heic)
    hvcc = next(offset for kind, offset, _ in boxes if kind == b'hvcC')
    # hvcC body: 22 bytes of configuration, the array count, then per array a type byte and a
    # unit count, per unit a 2-byte length.
    i, sps = hvcc + 8 + 23, None
    for _ in range(data[hvcc + 8 + 22]):
        kind, count = data[i] & 0x3F, struct.unpack('>H', data[i + 1:i + 3])[0]
        i += 3
        for _ in range(count):
            if kind == 33 and sps is None:
                sps = i
            i += 2 + struct.unpack('>H', data[i:i + 2])[0]
    i = sps
    length = struct.unpack('>H', data[i:i + 2])[0]
    unit_start = i + 2
    unit = bytes(data[unit_start:unit_start + length])
    payload = unit[:2] + unit[2:].replace(b'\0\0\3', b'\0\0')
    bits = ''.join(f'{b:08b}' for b in payload[2:])
    # sps_video_parameter_set_id(4) max_sub_layers_minus1(3) temporal_id_nesting(1), then a
    # profile_tier_level of 96 bits (one sub-layer), the SPS id and chroma_format_idc.
    assert int(bits[4:7], 2) == 0, 'expected one sub-layer'
    at = 8 + 96
    _, at = exp_golomb(bits, at)
    chroma, at = exp_golomb(bits, at)
    if chroma == 3:
        at += 1
    _, after_width = exp_golomb(bits, at)
    _, after_height = exp_golomb(bits, after_width)
    golomb = lambda v: '0' * ((v + 1).bit_length() - 1) + f'{v + 1:b}'
    rest = bits[after_height:].rstrip('0')[:-1]  # without the stop bit and alignment
    bits = bits[:at] + golomb(width) + golomb(height) + rest + '1'
    bits += '0' * (-len(bits) % 8)
    raw = bytes(int(bits[k:k + 8], 2) for k in range(0, len(bits), 8))
    escaped, zeros = bytearray(), 0
    for b in raw:
        if zeros >= 2 and b <= 3:
            escaped.append(3)
            zeros = 0
        escaped.append(b)
        zeros = zeros + 1 if b == 0 else 0
    new_unit = unit[:2] + bytes(escaped)
    grow = len(new_unit) - len(unit)
    data[i:i + 2] = struct.pack('>H', len(new_unit))
    data[unit_start:unit_start + length] = new_unit
    for kind, offset, size in boxes:
        if kind in (b'meta', b'iprp', b'ipco', b'hvcC'):
            data[offset:offset + 4] = struct.pack('>I', size + grow)
    iloc = next(offset for kind, offset, _ in boxes if kind == b'iloc')
    count = struct.unpack('>H', data[iloc + 14:iloc + 16])[0]
    item = iloc + 16
    for _ in range(count):
        # (Layout as in zero-extent.heic above.) Offsets into the file past hvcC move.
        in_file = data[item + 3] & 0x0F == 0
        base = struct.unpack('>I', data[item + 6:item + 10])[0]
        extents = struct.unpack('>H', data[item + 10:item + 12])[0]
        if in_file and base > hvcc:
            data[item + 6:item + 10] = struct.pack('>I', base + grow)
        for e in range(extents):
            at = item + 12 + e * 8
            extent = struct.unpack('>I', data[at:at + 4])[0]
            if in_file and base <= hvcc and base + extent > hvcc:
                data[at:at + 4] = struct.pack('>I', extent + grow)
        item += 12 + extents * 8
    return bytes(data)


if __name__ == '__main__':
    main()
