#!/usr/bin/python3
"""fonts.py writes the corpus fonts into the folder given as its argument.

The glyphs are drawn here (a box and a triangle), so every font is the
project's own: a TrueType font (glyf), an OpenType font (CFF), a TrueType
collection of two fonts, WOFF and WOFF2 flavours of each, and an Embedded
OpenType (EOT) wrapper around the TrueType font written by hand from the EOT
specification (no Debian package writes EOT).
"""
import struct
import sys
import os
import logging

logging.disable(logging.WARNING)  # fontTools warns about the fixed 2010 timestamps

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.ttCollection import TTCollection

out = sys.argv[1]
GLYPHS = [".notdef", "space", "A", "B"]
CMAP = {0x20: "space", 0x41: "A", 0x42: "B"}
METRICS = {g: (600, 50) for g in GLYPHS}


def draw(pen, g):
    if g == "A":
        pen.moveTo((50, 0)); pen.lineTo((300, 700)); pen.lineTo((550, 0)); pen.closePath()
    elif g in ("B", ".notdef"):
        pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((550, 700)); pen.lineTo((550, 0)); pen.closePath()


def names(family):
    return {"familyName": family, "styleName": "Regular", "uniqueFontIdentifier": family + "-1",
            "fullName": family + " Regular", "psName": family.replace(" ", "") + "-Regular", "version": "Version 1.000"}


def ttf(family):
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(GLYPHS)
    fb.setupCharacterMap(CMAP)
    glyphs = {}
    for g in GLYPHS:
        pen = TTGlyphPen(None)
        draw(pen, g)
        glyphs[g] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(METRICS)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable(names(family))
    fb.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.setupHead(unitsPerEm=1000, created=1262304000, modified=1262304000)
    return fb.font


def otf(family):
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(GLYPHS)
    fb.setupCharacterMap(CMAP)
    charstrings = {}
    for g in GLYPHS:
        pen = T2CharStringPen(600, None)
        draw(pen, g)
        charstrings[g] = pen.getCharString()
    fb.setupCFF(family.replace(" ", "") + "-Regular", {"FullName": family}, charstrings, {})
    fb.setupHorizontalMetrics(METRICS)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable(names(family))
    fb.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.setupHead(unitsPerEm=1000, created=1262304000, modified=1262304000)
    return fb.font


def save(font, name, flavor=None):
    font.flavor = flavor
    font.save(os.path.join(out, name), reorderTables=True)


def eot(ttf_path, name):
    data = open(ttf_path, "rb").read()
    f = TTFont(ttf_path)
    os2 = f["OS/2"]
    def utf16(s):
        b = s.encode("utf-16-le")
        return struct.pack("<H", len(b)) + b
    nm = f["name"]
    fam = utf16(nm.getDebugName(1)); sty = utf16(nm.getDebugName(2))
    ver = utf16(nm.getDebugName(5)); full = utf16(nm.getDebugName(4))
    panose = bytes([os2.panose.bFamilyType, os2.panose.bSerifStyle, os2.panose.bWeight, os2.panose.bProportion,
                    os2.panose.bContrast, os2.panose.bStrokeVariation, os2.panose.bArmStyle, os2.panose.bLetterForm,
                    os2.panose.bMidline, os2.panose.bXHeight])
    body = (struct.pack("<I", len(data)) + struct.pack("<I", 0x00020001) + struct.pack("<I", 0) + panose +
            struct.pack("<BBIHH", 1, 0, os2.usWeightClass, os2.fsType, 0x504C) +
            struct.pack("<IIII", os2.ulUnicodeRange1, os2.ulUnicodeRange2, os2.ulUnicodeRange3, os2.ulUnicodeRange4) +
            struct.pack("<II", os2.ulCodePageRange1, os2.ulCodePageRange2) +
            struct.pack("<I", f["head"].checkSumAdjustment) + struct.pack("<IIIIH", 0, 0, 0, 0, 0) +
            fam + b"\0\0" + sty + b"\0\0" + ver + b"\0\0" + full + b"\0\0" + struct.pack("<H", 0) + data)
    # Version 0x00020001: Padding5 and an empty RootString end the header.
    open(os.path.join(out, name), "wb").write(struct.pack("<I", 4 + len(body)) + body)


t = ttf("Mime Box")
save(t, "box.ttf")
save(ttf("Mime Box"), "box.woff", "woff")
save(ttf("Mime Box"), "box.woff2", "woff2")
o = otf("Mime Tri")
save(o, "tri.otf")
save(otf("Mime Tri"), "tri.woff", "woff")
save(otf("Mime Tri"), "tri.woff2", "woff2")
c = TTCollection()
c.fonts = [TTFont(os.path.join(out, "box.ttf")), TTFont(os.path.join(out, "box.ttf"))]
c.fonts[1]["name"].setName("Mime Box Two", 1, 3, 1, 0x409)
c.save(os.path.join(out, "pair.ttc"))
eot(os.path.join(out, "box.ttf"), "box.eot")
