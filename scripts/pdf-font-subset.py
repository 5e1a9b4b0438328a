#!/usr/bin/env python3
"""Issue 45 (ADR 085): subsets Noto Sans CJK (SC, TC) to the glyphs the server's PDFs need, as TrueType.

Run from the repository root with Debian's fonts-noto-cjk and python3-fonttools installed:
    /usr/bin/python3 scripts/pdf-font-subset.py
It writes server/pdf/fonts/noto-sans-{sc,tc}-400.ttf.gz. The glyphs: ASCII and Latin-1, general
and CJK punctuation, every character of the cn/zh locales, the server's texts and the demo data,
and the common characters of each script (GB 2312 level 1 for SC, Big5 level 1 for TC) so that
most people's names print. Anything else prints as the font's missing-glyph box, never an error.
CFF outlines become quadratic TrueType outlines (pdfkit embeds TrueType fast; WOFF/CFF were slow);
layout tables go (the PDFs set text left to right without shaping)."""
import glob, gzip, io, re
from fontTools.ttLib import TTCollection, newTable
from fontTools.subset import Subsetter, Options
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

SOURCE = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'
INDEX = {'sc': 2, 'tc': 3}

def product_chars():
    files = glob.glob('src/i18n/locales/cn/*.json') + glob.glob('src/i18n/locales/zh/*.json') + glob.glob('src/config/locales/cn/*.json') + glob.glob('src/config/locales/zh/*.json')
    files += ['server/i18n/messages.ts'] + glob.glob('server/db/fixtures/*.ts') + glob.glob('server/db/seed*.ts') + glob.glob('server/pdf/*.ts')
    chars = set()
    for f in files:
        chars |= set(open(f, encoding='utf-8').read())
    return {ord(c) for c in chars if ord(c) > 0x7f}

def common(script):
    out = set()
    if script == 'sc':  # GB 2312 level 1: rows 0xB0-0xD7
        for hi in range(0xB0, 0xD8):
            for lo in range(0xA1, 0xFF):
                try: out.add(ord(bytes([hi, lo]).decode('gb2312')))
                except UnicodeDecodeError: pass
    else:  # Big5 level 1 (frequently used): 0xA440-0xC67E
        for hi in range(0xA4, 0xC7):
            for lo in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
                try: out.add(ord(bytes([hi, lo]).decode('big5')))
                except UnicodeDecodeError: pass
    return out

def to_truetype(font):
    glyph_order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable('glyf'); glyf.glyphOrder = glyph_order; glyf.glyphs = {}
    for name in glyph_order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font['glyf'] = glyf
    font['loca'] = newTable('loca')
    for tag in ('CFF ', 'VORG'):
        if tag in font: del font[tag]
    maxp = font['maxp']; maxp.tableVersion = 0x00010000
    for k in ('maxZones', 'maxTwilightPoints', 'maxStorage', 'maxFunctionDefs', 'maxInstructionDefs', 'maxStackElements', 'maxSizeOfInstructions', 'maxComponentElements'):
        setattr(maxp, k, 0)
    maxp.maxZones = 1; maxp.maxComponentDepth = 0
    font['head'].glyphDataFormat = 0; font['head'].indexToLocFormat = 0
    post = font['post']; post.formatType = 2.0; post.extraNames = []; post.mapping = {}; post.glyphOrder = glyph_order
    font.sfntVersion = '\x00\x01\x00\x00'

base = set(range(0x20, 0x7f)) | set(range(0xa0, 0x100)) | set(range(0x2000, 0x2070)) | set(range(0x3000, 0x3040)) | set(range(0xff00, 0xfff0))
for script, index in INDEX.items():
    font = TTCollection(SOURCE).fonts[index]
    opts = Options(); opts.layout_features = []; opts.drop_tables += ['GSUB', 'GPOS', 'GDEF', 'BASE', 'vhea', 'vmtx', 'VORG']
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]; opts.notdef_outline = True; opts.glyph_names = False
    s = Subsetter(opts); s.populate(unicodes=base | product_chars() | common(script)); s.subset(font)
    to_truetype(font)
    font.recalcTimestamp = False  # keep the source's dates: the same input gives the same bytes
    buf = io.BytesIO(); font.save(buf)
    path = f'server/pdf/fonts/noto-sans-{script}-400.ttf.gz'
    # mtime 0: the same glyphs give the same bytes (no churn in git).
    with open(path, 'wb') as raw, gzip.GzipFile(fileobj=raw, mode='wb', compresslevel=9, mtime=0) as f: f.write(buf.getvalue())
    print(path, len(font.getGlyphOrder()), 'glyphs', len(buf.getvalue()), 'bytes ttf')
