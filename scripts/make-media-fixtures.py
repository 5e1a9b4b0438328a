"""The document fixtures and manifest.json for scripts/make-media-fixtures.sh.

Standard library only: a hand-written 4-page PDF, minimal valid docx/xlsx/pptx packages (fixed zip
timestamps, so a rerun gives the same bytes) and the manifest the content seed reads.
"""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

OUT = Path(sys.argv[1])
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
TITLE = "Insurance Ethics and Compliance"

# ---- PDF ----------------------------------------------------------------------------------------

PDF_PAGES = [
    ("Why ethics matter", [
        "Policyholders trust an agent with decisions that last for decades.",
        "Acting with honesty, fairness and care keeps that trust.",
        "This guide summarises the conduct expected of every agent.",
    ]),
    ("Know your customer", [
        "Collect the information needed to understand the customer's needs.",
        "Verify identity and keep records accurate and up to date.",
        "Never complete a form on the customer's behalf without consent.",
    ]),
    ("Suitability and disclosure", [
        "Recommend only products that suit the customer's needs and means.",
        "Explain the key features, risks, charges and cooling-off rights.",
        "Disclose any commission or conflict of interest when asked.",
    ]),
    ("Complaints and reporting", [
        "Treat every complaint promptly, fairly and in writing.",
        "Report suspected fraud or money laundering to compliance.",
        "When in doubt, ask your manager before you act.",
    ]),
]


def pdf_text(s: str) -> str:
    return "(" + s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def make_pdf(path: Path) -> int:
    total = len(PDF_PAGES)
    objects: list[bytes] = []

    def add(body: str | bytes) -> int:
        objects.append(body.encode("latin-1") if isinstance(body, str) else body)
        return len(objects)

    catalog = add("")  # filled once the page tree exists
    pages = add("")
    font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    kids = []
    for n, (heading, lines) in enumerate(PDF_PAGES, start=1):
        ops = [
            f"BT /F2 22 Tf 60 760 Td {pdf_text(TITLE)} Tj ET",
            f"BT /F2 16 Tf 60 720 Td {pdf_text(heading)} Tj ET",
        ]
        for i, line in enumerate(lines):
            ops.append(f"BT /F1 12 Tf 60 {680 - i * 22} Td {pdf_text(line)} Tj ET")
        ops.append(f"BT /F1 12 Tf 260 50 Td {pdf_text(f'Page {n} of {total}')} Tj ET")
        stream = "\n".join(ops).encode("latin-1")
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(add(
            f"<< /Type /Page /Parent {pages} 0 R /MediaBox [0 0 595 842] "
            f"/Resources << /Font << /F1 {font} 0 R /F2 {bold} 0 R >> >> /Contents {content} 0 R >>"
        ))
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages} 0 R >>".encode()
    objects[pages - 1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>".encode()
    )
    info = add(f"<< /Title {pdf_text(TITLE + ' - Code of Conduct')} /Producer (Agent Academy fixtures) >>")

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R >>\n"
        f"startxref\n{xref}\n%%EOF\n"
    ).encode()
    path.write_bytes(bytes(out))
    return total


# ---- Office packages ----------------------------------------------------------------------------

XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"


def content_types(overrides: dict[str, str]) -> str:
    parts = "".join(f'<Override PartName="{p}" ContentType="{t}"/>' for p, t in overrides.items())
    return (
        f'{XML}<Types xmlns="{CT}">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f"{parts}</Types>"
    )


def rels(items: list[tuple[str, str, str]]) -> str:
    body = "".join(f'<Relationship Id="{i}" Type="{REL}/{t}" Target="{target}"/>' for i, t, target in items)
    return f'{XML}<Relationships xmlns="{PKG_REL}">{body}</Relationships>'


def write_zip(path: Path, parts: dict[str, str]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))


def make_docx(path: Path) -> None:
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    paragraphs = [
        (True, "Client Needs Checklist"),
        (False, "Use this checklist at every fact-finding meeting."),
        (False, "1. Confirm the customer's identity and contact details."),
        (False, "2. Record income, expenses, assets and existing cover."),
        (False, "3. Agree the customer's goals and their priority."),
        (False, "4. Explain the cooling-off period and how to complain."),
    ]
    # Direct formatting rather than a style id: the package has no styles part to define one.
    body = "".join(
        "<w:p><w:r>"
        + ('<w:rPr><w:b/><w:sz w:val="36"/></w:rPr>' if heading else "")
        + f"<w:t>{text}</w:t></w:r></w:p>"
        for heading, text in paragraphs
    )
    write_zip(path, {
        "[Content_Types].xml": content_types({
            "/word/document.xml": "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        }),
        "_rels/.rels": rels([("rId1", "officeDocument", "word/document.xml")]),
        "word/document.xml": f'{XML}<w:document xmlns:w="{w}"><w:body>{body}'
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>',
    })


def make_xlsx(path: Path) -> None:
    s = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    rows = [
        ("Product", "Premium (HKD / month)", "Cover (HKD)"),
        ("Term Life 10", 320, 1000000),
        ("Term Life 20", 410, 1000000),
        ("Whole Life", 1250, 800000),
        ("Critical Illness", 690, 500000),
    ]

    def cell(ref: str, v: object) -> str:
        if isinstance(v, str):
            return f'<c r="{ref}" t="inlineStr"><is><t>{v}</t></is></c>'
        return f'<c r="{ref}"><v>{v}</v></c>'

    data = "".join(
        f'<row r="{r}">' + "".join(cell(f"{'ABC'[c]}{r}", v) for c, v in enumerate(row)) + "</row>"
        for r, row in enumerate(rows, start=1)
    )
    write_zip(path, {
        "[Content_Types].xml": content_types({
            "/xl/workbook.xml": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
            "/xl/worksheets/sheet1.xml": "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml",
        }),
        "_rels/.rels": rels([("rId1", "officeDocument", "xl/workbook.xml")]),
        "xl/workbook.xml": f'{XML}<workbook xmlns="{s}" xmlns:r="{REL}">'
        '<sheets><sheet name="Premiums" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": rels([("rId1", "worksheet", "worksheets/sheet1.xml")]),
        "xl/worksheets/sheet1.xml": f'{XML}<worksheet xmlns="{s}"><sheetData>{data}</sheetData></worksheet>',
    })


def make_pptx(path: Path) -> None:
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    p = "http://schemas.openxmlformats.org/presentationml/2006/main"
    ns = f'xmlns:a="{a}" xmlns:r="{REL}" xmlns:p="{p}"'
    pml = "application/vnd.openxmlformats-officedocument.presentationml"
    empty_tree = (
        '<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
        "<p:grpSpPr/>{shapes}</p:spTree></p:cSld>"
    )

    def text_box(sid: int, name: str, y: int, size: int, text: str) -> str:
        return (
            f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
            f'<p:spPr><a:xfrm><a:off x="457200" y="{y}"/><a:ext cx="8229600" cy="914400"/></a:xfrm>'
            '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>'
            f'<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="{size}"/>'
            f"<a:t>{text}</a:t></a:r></a:p></p:txBody></p:sp>"
        )

    colors = "".join(
        f"<a:{n}><a:srgbClr val=\"{v}\"/></a:{n}>"
        for n, v in [
            ("dk1", "000000"), ("lt1", "FFFFFF"), ("dk2", "0B3D6E"), ("lt2", "EEECE1"),
            ("accent1", "1F6FA8"), ("accent2", "E0701B"), ("accent3", "9BBB59"), ("accent4", "8064A2"),
            ("accent5", "4BACC6"), ("accent6", "F79646"), ("hlink", "0000FF"), ("folHlink", "800080"),
        ]
    )
    fonts = '<a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/>'
    solid = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'
    line = f'<a:ln w="9525">{solid}</a:ln>'
    theme = (
        f'{XML}<a:theme xmlns:a="{a}" name="Agent Academy"><a:themeElements>'
        f'<a:clrScheme name="Agent Academy">{colors}</a:clrScheme>'
        f'<a:fontScheme name="Agent Academy"><a:majorFont>{fonts}</a:majorFont><a:minorFont>{fonts}</a:minorFont></a:fontScheme>'
        f'<a:fmtScheme name="Agent Academy"><a:fillStyleLst>{solid * 3}</a:fillStyleLst>'
        f"<a:lnStyleLst>{line * 3}</a:lnStyleLst>"
        f"<a:effectStyleLst>{'<a:effectStyle><a:effectLst/></a:effectStyle>' * 3}</a:effectStyleLst>"
        f"<a:bgFillStyleLst>{solid * 3}</a:bgFillStyleLst></a:fmtScheme>"
        "</a:themeElements></a:theme>"
    )
    clr_map = (
        '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" '
        'accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>'
    )
    slide_shapes = text_box(2, "Title", 1371600, 4000, "Selling Skills: The Consultative Approach") + text_box(
        3, "Subtitle", 2743200, 2400, "Listen first, then recommend."
    )
    write_zip(path, {
        "[Content_Types].xml": content_types({
            "/ppt/presentation.xml": f"{pml}.presentation.main+xml",
            "/ppt/slideMasters/slideMaster1.xml": f"{pml}.slideMaster+xml",
            "/ppt/slideLayouts/slideLayout1.xml": f"{pml}.slideLayout+xml",
            "/ppt/slides/slide1.xml": f"{pml}.slide+xml",
            "/ppt/theme/theme1.xml": "application/vnd.openxmlformats-officedocument.theme+xml",
        }),
        "_rels/.rels": rels([("rId1", "officeDocument", "ppt/presentation.xml")]),
        "ppt/presentation.xml": f"{XML}<p:presentation {ns}>"
        '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>'
        '<p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst>'
        '<p:sldSz cx="9144000" cy="6858000" type="screen4x3"/><p:notesSz cx="6858000" cy="9144000"/>'
        "</p:presentation>",
        "ppt/_rels/presentation.xml.rels": rels([
            ("rId1", "slideMaster", "slideMasters/slideMaster1.xml"),
            ("rId2", "slide", "slides/slide1.xml"),
            ("rId3", "theme", "theme/theme1.xml"),
        ]),
        "ppt/slideMasters/slideMaster1.xml": f"{XML}<p:sldMaster {ns}>{empty_tree.format(shapes='')}{clr_map}"
        '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>',
        "ppt/slideMasters/_rels/slideMaster1.xml.rels": rels([
            ("rId1", "slideLayout", "../slideLayouts/slideLayout1.xml"),
            ("rId2", "theme", "../theme/theme1.xml"),
        ]),
        "ppt/slideLayouts/slideLayout1.xml": f'{XML}<p:sldLayout {ns} type="blank">{empty_tree.format(shapes="")}'
        "<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>",
        "ppt/slideLayouts/_rels/slideLayout1.xml.rels": rels([("rId1", "slideMaster", "../slideMasters/slideMaster1.xml")]),
        "ppt/slides/slide1.xml": f"{XML}<p:sld {ns}>{empty_tree.format(shapes=slide_shapes)}"
        "<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>",
        "ppt/slides/_rels/slide1.xml.rels": rels([("rId1", "slideLayout", "../slideLayouts/slideLayout1.xml")]),
        "ppt/theme/theme1.xml": theme,
    })


# ---- Manifest -----------------------------------------------------------------------------------


def duration(path: Path) -> float:
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", str(path)],
        check=True, capture_output=True, text=True,
    ).stdout
    return round(float(out.strip()), 2)


def playlist_duration(path: Path) -> float:
    return round(sum(float(l[len("#EXTINF:"):].split(",")[0]) for l in path.read_text().splitlines() if l.startswith("#EXTINF:")), 2)


def main() -> None:
    pages = make_pdf(OUT / "document.pdf")
    make_docx(OUT / "document.docx")
    make_xlsx(OUT / "spreadsheet.xlsx")
    make_pptx(OUT / "slides.pptx")
    hls = OUT / "hls"
    segments = sorted(f.name for f in hls.glob("seg*.ts.bin"))
    entry = lambda file, type_, media=0.0, page_count=0, **extra: {  # noqa: E731
        "file": file, "type": type_, "bytes": (OUT / file).stat().st_size,
        "media_duration": media, "page_count": page_count, **extra,
    }
    manifest = {
        "video": entry("video.mp4", "mp4", duration(OUT / "video.mp4")),
        "video_hls": entry(
            "hls/index.m3u8", "mp4", playlist_duration(hls / "index.m3u8"),
            key="hls/key.bin", segments=[{"uri": s.removesuffix(".bin"), "file": f"hls/{s}"} for s in segments],
        ),
        "audio": entry("audio.mp3", "mp3", duration(OUT / "audio.mp3")),
        "png": entry("image.png", "png"),
        "jpeg": entry("image.jpeg", "jpeg"),
        "pdf": entry("document.pdf", "pdf", page_count=pages),
        "docx": entry("document.docx", "docx"),
        "xlsx": entry("spreadsheet.xlsx", "xlsx"),
        "pptx": entry("slides.pptx", "pptx"),
    }
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")


main()
