#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# svg.py: what the tests read from spdxfs's charts, with real parsers (so
# an SVG must be XML, and a PNG must decode).
#
#   svg.py text SVG CLASS          the text of each <text class="CLASS">,
#                                  one a line
#   svg.py commits SVG             the <title> of each <rect class="commit">
#                                  (a history chart's tooltips), one a line
#   svg.py colours PNG [RRGGBB...] how many distinct colours an 8-bit RGB or
#                                  RGBA PNG holds, then each colour given
#                                  that it holds, one a line
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

NS = "{http://www.w3.org/2000/svg}"


def svg_root(path):
    root = ET.parse(path).getroot()
    assert root.tag == NS + "svg", root.tag
    return root


def text(path, cls):
    for t in svg_root(path).iter(NS + "text"):
        if t.get("class") == cls:
            print(t.text)


def commits(path):
    for r in svg_root(path).iter(NS + "rect"):
        if r.get("class") == "commit":
            print(r.find(NS + "title").text)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def png_rows(path):
    """Each row of pixels, unfiltered: the five PNG row filters, no more."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = hdr
    assert depth == 8 and ctype in (2, 6) and interlace == 0, hdr
    bpp = 3 if ctype == 2 else 4
    raw, stride, prev = zlib.decompress(idat), w * bpp, bytearray(w * bpp)
    for y in range(h):
        start = y * (stride + 1)
        f, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            pred = (0, a, b, (a + b) // 2, paeth(a, b, c))[f]
            line[i] = (line[i] + pred) & 255
        yield bpp, line
        prev = line


def colours(path, wanted):
    seen = set()
    for bpp, line in png_rows(path):
        for i in range(0, len(line), bpp):
            seen.add(bytes(line[i:i + 3]))
    print(len(seen))
    for want in wanted:
        if bytes.fromhex(want.lstrip("#")) in seen:
            print(want)


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "text":
        text(*args)
    elif cmd == "commits":
        commits(*args)
    elif cmd == "colours":
        colours(args[0], args[1:])
    else:
        sys.exit("usage: svg.py text SVG CLASS | commits SVG | colours PNG [RRGGBB...]")
