#!/usr/bin/env python3
"""Open the notebooks' HTML exports in headless Chromium and check that the boards really render.

For every page in target/notebooks/ (written by tools/run_notebooks.py) this
* loads a copy of the page with a small probe script added, which checks that every drawing (an
  <img> whose source is the SVG, as the notebooks show it) decodes to a picture with a size, then
  puts each one inline and reports the rendered box of every board, of every square and of every
  queen;
* checks that every board has a non-zero width and height;
* checks that every text of every drawing has a contrast of 4.5:1 or more with what lies under it
  (computed colours, as the browser paints them; where nothing is drawn under it, against both
  the light theme's white and the dark theme's #111111), is at least 9 px high as shown in an
  output 700 px wide (JupyterLab's in a 1280 px window with its file browser open), and lies inside its own <svg>;
* checks that no text is crossed: nothing is painted over its letters, and no line runs under
  them unless a halo round the letters (a stroke painted first) or an opaque shape between them
  keeps it off; that no two texts of a drawing touch (their letters' boxes, halos included, at
  least 1 px apart; an animation's captions, shown one at a time, excepted); and that no arrow
  runs across a piece (its line passes a piece's centre at a third of the piece's width or more);
* checks every chart's lines as painted: each at 3:1 or more on white, and any two (guides
  included) with dash patterns alike in colours that stay apart in normal vision and under
  simulated protanopia, deuteranopia and tritanopia; that no point's marker hides another's of
  the same size on the same spot, and that the legend covers none; that a line ending before
  the others ends on a mark that it gave up (or was not run further), explained in the legend;
  that a log axis showing zeros labels their row 0, never a value under 1; that no two lines
  run within 4 px of each other at most of their shared points unless one's marker rings the
  other's at each of them (larger and hollow); that a line that breaks off
  and goes on has a mark saying why; and that no line's points grow ever further apart, each
  gap about twice the last (x growing by a factor on a linear axis, where a log axis belongs);
* checks every board's frame (3:1 or more against the card round it), a ring round both pieces
  of every conflict line (a shape, not a hue alone), every tinted square either ΔE 15 or more
  from its plain square in normal vision and under each simulated colour-vision deficiency, or
  marked by a shape as well (a piece, a label, a cross, a ring), and a halo at 3:1 under every
  stroke of an animation's crosses;
* checks every drawing's text alternative: a summary of at most 600 characters, no board spelt
  out in dots, no unrounded number, no "undefined" or "NaN", numbers of five digits or more
  grouped by thousands, a chart's points summarised (at most eight listed), a unit with the
  numbers where it speaks of time, and, for a board, what it shows besides its pieces (labels,
  shaded or crossed squares, arrows, attacking pairs);
* finds the boards that show the 8-queens solution printed by `nqueens solve 8 --columns` and
  checks that each queen is drawn inside the square of its row and column: its rendered centre
  lies within that square's rendered box;
* plays every backtracking animation frame by frame (each CSS animation set to the middle of the
  frame) and checks that one caption shows, that the queens shown never attack each other, that
  a dead end has its row crossed out, that a solved search ends with n queens, that the last
  frame is held over 2 s, and that a still strip of its steps (at least eight, or all) ends on
  the last frame; then loads the page again as a reader who asked for reduced motion and checks
  that each animation stands still on its last frame;
* checks that every text of a Davis–Putnam search tree stays inside its box;
* saves a screenshot of the page to target/screenshots/;
* and, once, checks style.css in JupyterLab's light and dark themes: every text it colours at
  4.5:1 or more against what is behind it, the coloured edges of quotes and reports at 3:1.

    python -m tools.browser_test               the exports tools/run_notebooks.py wrote
    python -m tools.browser_test --committed   the notebooks as committed, exported without running
                                               them

Chromium is Debian's package (`make chromium` installs it, or upgrades it to the distribution's
current version), driven by Playwright for Python (tools/browser.py).
"""

import itertools
import json
import pathlib
import re
import subprocess
import sys
import tempfile

from tools.browser import Browser, version

TOOLS = pathlib.Path(__file__).resolve().parent
ROOT = TOOLS.parent
PAGES = ROOT / "target" / "notebooks"
SHOTS = ROOT / "target" / "screenshots"
CLI = ROOT / "target" / "release" / "nqueens"

# The narrowest output the drawings are made for (JupyterLab gives an output 848 px in a 1280 px
# window, about 700 with its file browser open), and the smallest text a reader should have to
# read there.
OUTPUT_WIDTH = 700
MIN_TEXT_PX = 9

# The probes' colour arithmetic: a computed CSS colour as [r, g, b] (null when not opaque), and
# its relative luminance (WCAG).
COLOUR_FUNCTIONS = (TOOLS / "colour.js").read_text(encoding="utf-8")

# The probe added to each page: the output width, the colour functions, then tools/probe.js.
PROBE = (f"<script>const OUTPUT_WIDTH = {OUTPUT_WIDTH};\n{COLOUR_FUNCTIONS}\n"
         f"{(TOOLS / 'probe.js').read_text(encoding='utf-8')}</script>")

def probe(browser, page):
    """The boards of a page as the browser lays them out."""
    text = page.read_text(encoding="utf-8")
    copy = page.with_name(page.stem + ".probe.html")
    copy.write_text(text.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    try:
        browser.open(copy.as_uri(), until="load")
        found = browser.text_of("#nqueens-probe", 60)
    except Exception as error:  # any failure to load or probe is the page's
        raise RuntimeError(f"{page.name}: the probe did not run ({error})") from error
    finally:
        copy.unlink()
    return json.loads(found)


def screenshot(browser, page, path):
    """A picture of the top of a page, 1100 px wide."""
    browser.page.set_viewport_size({"width": 1100, "height": 2200})
    browser.open(page.as_uri(), until="load")
    browser.screenshot(path)
    browser.page.set_viewport_size({"width": 1280, "height": 2000})


def expected_board():
    """The 8-queens solution the command-line program prints, as ASCII and as (row, col)."""
    columns = subprocess.run([str(CLI), "solve", "8", "--columns"], capture_output=True, text=True,
                             check=True).stdout.split()
    squares = {(row, int(col)) for row, col in enumerate(columns, start=1)}
    ascii = "\n".join("".join("Q" if (r, c) in squares else "." for c in range(1, 9))
                      for r in range(1, 9))
    return ascii, squares


def check(found, ascii, squares, draws):
    problems = []
    boards = found["boards"]
    for i, image in enumerate(found["images"]):
        if image["width"] <= 0 or image["height"] <= 0:
            problems.append(f"drawing {i} does not decode to a picture")
    low = [t for t in found["texts"] if t["contrast"] < 4.5]
    for text in low[:5]:
        problems.append(f"text {text['text']!r} has contrast {text['contrast']:.2f}, under 4.5")
    if len(low) > 5:
        problems.append(f"... and {len(low) - 5} more texts under 4.5")
    small = [t for t in found["texts"] if t["size"] < MIN_TEXT_PX - 0.05]
    for text in small[:5]:
        problems.append(f"text {text['text']!r} ({text['kind']}) is shown {text['size']:.1f} px "
                        f"high, under {MIN_TEXT_PX}")
    if len(small) > 5:
        problems.append(f"... and {len(small) - 5} more texts under {MIN_TEXT_PX} px")
    clipped = [t for t in found["texts"] if not t["inside"]]
    for text in clipped[:5]:
        problems.append(f"text {text['text']!r} runs outside its drawing")
    if len(clipped) > 5:
        problems.append(f"... and {len(clipped) - 5} more texts outside their drawings")
    crossed = [t for t in found["texts"] if t["crossings"]]
    for text in crossed[:5]:
        problems.append(f"text {text['text']!r} ({text['kind']}) is crossed: "
                        f"{', '.join(text['crossings'])}")
    if len(crossed) > 5:
        problems.append(f"... and {len(crossed) - 5} more texts crossed by lines or shapes")
    touching = touching_texts(found["texts"])
    for a, b in touching[:5]:
        problems.append(f"texts {a['text']!r} and {b['text']!r} ({a['kind']}) touch")
    if len(touching) > 5:
        problems.append(f"... and {len(touching) - 5} more pairs of texts that touch")
    for piece in found["crossedPieces"][:5]:
        problems.append(f"an arrow runs across the {piece}")
    if len(found["crossedPieces"]) > 5:
        problems.append(f"... and {len(found['crossedPieces']) - 5} more pieces under arrows")
    for chart in found["charts"]:
        problems += check_chart(chart)
    problems += check_boards(found["frames"], found["crosses"])
    problems += check_alts(found["alts"])
    problems += check_alts_say_what_is_drawn(found.get("drawn", []))
    for text in found["spills"][:5]:
        problems.append(f"text {text!r} runs out of its box in a search tree")
    for k, animation in enumerate(found["animations"]):
        problems += check_animation(k, animation)
    if draws and not boards:
        problems.append("no board on the page")
    for i, board in enumerate(boards):
        if board["width"] <= 0 or board["height"] <= 0:
            problems.append(f"board {i} has no size: {board['width']}×{board['height']}")
        if not board["compact"] and len(board["squares"]) != board["n"] ** 2:
            problems.append(f"board {i}: {len(board['squares'])} squares for n = {board['n']}")
    # Compact boards (in large galleries) draw no square elements to compare with.
    known = [b for b in boards if b["desc"] == ascii and not b["compact"]]
    for board in known:
        drawn = set()
        for queen in board["queens"]:
            row, col = queen["row"], queen["col"]
            left, top, right, bottom = board["squares"][(row - 1) * 8 + (col - 1)]
            if not (left <= queen["x"] <= right and top <= queen["y"] <= bottom):
                problems.append(f"the queen of row {row} is drawn outside column {col}")
            drawn.add((row, col))
        if drawn != squares:
            problems.append(f"queens on {sorted(drawn)}, expected {sorted(squares)}")
    return problems, len(known)


# Colour vision without one kind of cone (Machado, Oliveira and Fernandes, 2009, severity 1),
# applied to linear RGB.
DEFICIENCIES = {
    "protanopia": [[0.152, 1.053, -0.205], [0.115, 0.786, 0.099], [-0.004, -0.048, 1.052]],
    "deuteranopia": [[0.367, 0.861, -0.228], [0.280, 0.673, 0.047], [-0.012, 0.043, 0.969]],
    "tritanopia": [[1.256, -0.077, -0.179], [-0.078, 0.931, 0.148], [0.005, 0.691, 0.304]],
}


def linear(channel):
    v = channel / 255
    return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4


def contrast_on_white(colour):
    lum = sum(w * linear(c) for w, c in zip((0.2126, 0.7152, 0.0722), colour))
    return 1.05 / (lum + 0.05)


def dashes(text):
    """A computed stroke-dasharray as numbers (an empty list for a solid line)."""
    return [float(v) for v in re.findall(r"[\d.]+", text or "")] if text != "none" else []


def dashed_alike(a, b):
    """Two dash patterns a reader cannot tell apart: both solid, or dashes and gaps within two
    pixels of each other."""
    a, b = dashes(a), dashes(b)
    return len(a) == len(b) and all(abs(x - y) <= 2 for x, y in zip(a, b))


def number(text):
    """An axis number as written (1.5k, 20M, 0.1), or None."""
    found = re.fullmatch(r"(-?[\d.]+)([kMG]?)", text)
    if not found:
        return None
    return float(found.group(1)) * {"": 1, "k": 1e3, "M": 1e6, "G": 1e9}[found.group(2)]


# Two lines of a chart a reader can follow apart: at most half their shared points closer than
# this, in pixels as shown, unless every such point has one line's marker drawn larger and hollow
# round the other's (measured times may well coincide; the chart must then show both).
LINES_APART = 4


def ringed(markers, x, lines):
    """Whether, at `x`, the marker of one of the two `lines` is drawn hollow and larger round
    the other's point: centred within its own half-size of it."""
    here = [m for m in markers if abs(m["x"] - x) < 1]
    mine = [[m for m in here if tuple(m["colour"] or ()) == tuple(line["colour"] or ())]
            for line in lines]
    return any(ring.get("hollow") and ring["size"] > point["size"]
               and abs(ring["y"] - point["y"]) < ring["size"] / 2
               for a, b in (mine, mine[::-1]) for ring in a for point in b)


def check_chart(chart):
    """A chart as the browser paints it: each line at 3:1 or more on the white card; any two
    lines (guides too) with dash patterns alike in colours that stay apart in normal vision and
    under each simulated colour-vision deficiency; no point's marker hidden under another's of
    the same size; a line that ends before the others ends on a mark that it gave up there,
    explained in the legend; a log axis showing zeros labels their row 0 and no value under 1;
    no two lines within LINES_APART pixels of each other at most of their shared points unless
    a larger hollow marker rings the other line's at each of them; no
    line whose x grows by a factor (gaps between its points each about twice the last) on a
    linear axis."""
    problems = []
    title = chart["title"]
    lines = chart["lines"]
    for line in lines:
        if line["colour"] is None or contrast_on_white(line["colour"]) < 3.0:
            problems.append(f"chart {title!r}: a line of colour {line['colour']} is under "
                            f"3:1 on white")
    vision = dict(DEFICIENCIES, normal=[[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            if not dashed_alike(a["dash"], b["dash"]) or a["colour"] is None \
                    or b["colour"] is None:
                continue
            for name, matrix in vision.items():
                seen = [[min(1, max(0, sum(m * linear(c) for m, c in zip(row, colour))))
                         for row in matrix] for colour in (a["colour"], b["colour"])]
                if sum((x - y) ** 2 for x, y in zip(*seen)) ** 0.5 < 0.06:
                    kinds = "/".join("guide" if line["guide"] else "line" for line in (a, b))
                    problems.append(f"chart {title!r}: {kinds} {a['colour']} dashed "
                                    f"{a['dash']!r} and {b['colour']} dashed {b['dash']!r} look "
                                    f"alike in {name} vision")
                    break
    points = chart["markers"] + chart["zeros"]
    for i, a in enumerate(points):
        for b in points[i + 1:]:
            if a["colour"] != b["colour"] and abs(a["x"] - b["x"]) < 3 \
                    and abs(a["y"] - b["y"]) < 3 and abs(a["size"] - b["size"]) < 3:
                problems.append(f"chart {title!r}: a point at ({a['x']:.0f}, {a['y']:.0f}) px "
                                f"hides another of the same size")
    for path in chart.get("paths", []):
        xs = sorted({round(x, 1) for x, _ in path["points"]})
        gaps = [b - a for a, b in itertools.pairwise(xs)]
        if len(gaps) >= 3 and all(b >= 1.7 * a > 0 for a, b in itertools.pairwise(gaps)):
            problems.append(f"chart {title!r}: the line of colour {path['colour']} has its points "
                            "ever further apart, each gap about twice the last: x grows by a "
                            "factor on a linear axis (a log axis spaces them evenly)")
            break
    explained = {tuple(m["colour"] or ()) for m in chart["zeros"] + chart.get("undefined", [])}
    broken = {tuple(p["colour"] or ()) for p in chart.get("paths", [])
              if sum(q["colour"] == p["colour"] for q in chart["paths"]) > 1}
    for colour in sorted(broken - explained):
        problems.append(f"chart {title!r}: the line of colour {list(colour)} breaks off and goes "
                        "on with no mark saying why")
    paths = chart.get("paths", [])
    for i, a in enumerate(paths):
        for b in paths[i + 1:]:
            if a["colour"] == b["colour"]:
                continue
            shared = [(xa, ya, yb) for xa, ya in a["points"] for xb, yb in b["points"]
                      if abs(xa - xb) < 1]
            close = [(x, ya, yb) for x, ya, yb in shared if abs(ya - yb) < LINES_APART]
            unringed = [x for x, _, _ in close if not ringed(chart["markers"], x, (a, b))]
            if len(shared) >= 3 and 2 * len(close) > len(shared) and unringed:
                problems.append(f"chart {title!r}: the lines of colours {a['colour']} and "
                                f"{b['colour']} run within {LINES_APART} px of each other at "
                                f"{len(close)} of their {len(shared)} shared points, "
                                f"{len(unringed)} of them with no larger hollow marker ringing "
                                "the other's")
    if chart["legend"]:
        left, top, right, bottom = chart["legend"]
        covered = [p for p in chart["markers"] + chart["zeros"] + chart["gaveUp"]
                   if left <= p["x"] <= right and top <= p["y"] <= bottom]
        if covered:
            problems.append(f"chart {title!r}: the legend covers {len(covered)} points or marks")
    by_colour = {}
    for marker in chart["markers"]:
        key = tuple(marker["colour"] or ())
        by_colour[key] = max(by_colour.get(key, float("-inf")), marker["x"])
    right = max(by_colour.values(), default=0)
    for colour, last in by_colour.items():
        if last < right - 1 and not any(tuple(g["colour"] or ()) == colour and g["x"] > last + 1
                                        for g in chart["gaveUp"]):
            problems.append(f"chart {title!r}: the line of colour {list(colour)} stops at "
                            f"{last:.0f} px, before the others, with no mark that it gave up")
    if chart["gaveUp"] and not any("gave up" in t or "not run" in t for t in chart["texts"]):
        problems.append(f"chart {title!r}: marks of runs that gave up, but no legend entry")
    if chart["zeros"]:
        values = [(number(t["text"]), t) for t in chart["yNumbers"]]
        under_one = [t["text"] for v, t in values if v is not None and 0 < v < 1]
        if under_one:
            problems.append(f"chart {title!r}: a count's axis labelled {under_one}, under 1")
        row = chart["zeros"][0]["y"]
        if not any(v == 0 and abs(t["y"] - row) < 4 for v, t in values):
            problems.append(f"chart {title!r}: the row of zeros is not labelled 0")
    return problems


def lab(linear_rgb):
    """CIELAB (D65 white) of a colour given as linear RGB."""
    r, g, b = (min(1.0, max(0.0, v)) for v in linear_rgb)
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    f = [(v / w) ** (1 / 3) if v / w > 0.008856 else 7.787 * v / w + 16 / 116
         for v, w in zip(xyz, (0.9505, 1.0, 1.089))]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def seen_apart(a, b):
    """How far apart two sRGB colours look (CIE76 ΔE) to the reader who tells them apart least:
    normal vision, or protanopia, deuteranopia or tritanopia simulated."""
    vision = dict(DEFICIENCIES, normal=[[1, 0, 0], [0, 1, 0], [0, 0, 1]])
    apart = []
    for matrix in vision.values():
        seen = [lab([sum(m * linear(c) for m, c in zip(row, colour)) for row in matrix])
                for colour in (a, b)]
        apart.append(sum((x - y) ** 2 for x, y in zip(*seen)) ** 0.5)
    return min(apart)


# A square's tint that every reader sees at once: this far (ΔE) from its plain square in every
# vision, or it must come with a shape on the square (a piece, a label, a mark, a ring).
TINT_APART = 15


def check_boards(frames, crosses):
    """Every board framed at 3:1 or more against the card round it; both squares of every
    pair of attacking pieces marked with a ring (a shape, not a hue alone); every tinted square
    either TINT_APART from its plain colour in every vision or marked by a shape; every cross of
    an animation on a wider halo at 3:1 or more."""
    problems = []
    unframed = [f for f in frames if f["frame"] is None or f["frame"] < 3.0]
    if unframed:
        worst = min((f["frame"] or 0) for f in unframed)
        problems.append(f"{len(unframed)} of {len(frames)} boards have no frame at 3:1 against "
                        f"their card (lowest {worst:.2f})")
    unringed = 0
    for board in frames:
        half = board["square"] / 2
        for end in board["conflictEnds"]:
            if not any(abs(r["x"] - end["x"]) < half and abs(r["y"] - end["y"]) < half
                       for r in board["rings"]):
                unringed += 1
    if unringed:
        problems.append(f"{unringed} ends of conflict lines have no ring round their piece: "
                        f"the conflict shows by hue alone")
    faint = [(t, seen_apart(t["painted"], t["plain"])) for board in frames
             for t in board.get("tints", []) if t["painted"] and t["plain"] and not t["shaped"]]
    faint = [(t, apart) for t, apart in faint if apart < TINT_APART]
    if faint:
        worst, apart = min(faint, key=lambda f: f[1])
        problems.append(f"{len(faint)} tinted squares show by a faint hue alone, without a shape "
                        f"(ΔE under {TINT_APART} in some vision; the faintest {apart:.1f}, at "
                        f"row {worst['row']}, column {worst['col']}, "
                        f"rgb{tuple(round(c) for c in worst['painted'])} on "
                        f"rgb{tuple(worst['plain'])})")
    bare = [c for c in crosses if not c["halo"] or c["contrast"] < 3.0 or c["wider"] < 2]
    if bare:
        problems.append(f"{len(bare)} of {len(crosses)} strokes of the animation's crosses lack a "
                        f"halo at 3:1 (lowest {min(c['contrast'] for c in bare):.2f})")
    return problems


# The most (x, y) points a text alternative lists: past that it should summarise.
ALT_POINTS = 8


def check_alts(alts):
    """Every drawing's text alternative a summary: at most 600 characters, no run of ten or
    more dots (a board spelt out), no number written to five or more significant digits after
    its point, no "undefined", "NaN" or "inf", no number of five digits or more not grouped by
    thousands, at most ALT_POINTS points listed, and a unit with the numbers where it speaks of
    time."""
    problems = []
    for alt in alts:
        head = alt.splitlines()[0][:50] if alt else ""
        if len(alt) > 600:
            problems.append(f"alt text {head!r}… is {len(alt)} characters long, over 600")
        if re.search(r"\.{10,}", alt):
            problems.append(f"alt text {head!r}… spells a board out in dots")
        long_number = re.search(r"\d+\.0*[1-9]\d{4,}", alt)
        if long_number:
            problems.append(f"alt text {head!r}… has unrounded numbers: {long_number.group(0)}")
        if re.search(r"\b(undefined|NaN|inf)\b", alt):
            problems.append(f"alt text {head!r}… says 'undefined', 'NaN' or 'inf'")
        raw = re.search(r"(?<![\d.,·⁰-⁹])\d{5,}(?![\d,])", alt)
        if raw:
            problems.append(f"alt text {head!r}… has a number not grouped by thousands: "
                            f"{raw.group(0)}")
        # A chart's points (a board's squares, also written (row, col), are not counted).
        points = re.findall(r"\(-?[\d.,]+, -?[\d.,]+\)", alt) if "board" not in alt else []
        if len(points) > ALT_POINTS:
            problems.append(f"alt text {head!r}… lists {len(points)} points instead of "
                            "summarising them")
        if re.search(r"\btime\b", alt, re.IGNORECASE) and \
                not re.search(r"\d\s?(ms|µs|s|seconds?|minutes?)\b", alt):
            problems.append(f"alt text {head!r}… speaks of time but gives no number a unit")
    return problems


# What a board can show besides its pieces, and the words its text alternative must then use.
DRAWN_WORDS = {"labels": "labelled", "shaded": "shaded", "crossed": "crossed",
               "arrows": "arrow", "conflicts": "attacking pair"}


def check_alts_say_what_is_drawn(drawn):
    """Every board drawing's text alternative says what the board shows besides its pieces:
    labels, shaded or crossed squares, arrows, attacking pairs joined (DRAWN_WORDS)."""
    problems = []
    for drawing in drawn:
        left_out = [what for what, word in DRAWN_WORDS.items()
                    if drawing[what] and word not in drawing["alt"]]
        if left_out:
            head = drawing["alt"].splitlines()[0][:50] if drawing["alt"] else ""
            problems.append(f"alt text {head!r}… leaves out what the board shows: "
                            f"{', '.join(left_out)}")
    return problems


def touching_texts(texts, gap=1.0):
    """The pairs of texts of one drawing whose letters' boxes (with their halos) come closer than
    `gap` pixels. An animation's captions share one place, shown one at a time: not compared."""
    pairs = []
    by_drawing = {}
    for text in texts:
        if not text["animated"]:
            by_drawing.setdefault(text["drawing"], []).append(text)
    for group in by_drawing.values():
        group.sort(key=lambda t: t["ink"][0])
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if b["ink"][0] >= a["ink"][2] + gap:
                    break
                if b["ink"][1] < a["ink"][3] + gap and a["ink"][1] < b["ink"][3] + gap:
                    pairs.append((a, b))
    return pairs


def attacks(a, b):
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


def check_animation(k, animation):
    """Each frame of a backtracking animation, as the browser plays it: one caption, queens that
    do not attack each other, and at the end n of them (or none, when there is no solution)."""
    problems = []
    frames = animation["frames"]
    if animation["animations"] == 0 or len(frames) < 3:
        return [(f"animation {k} does not play: {animation['animations']} CSS animations, "
                 f"{len(frames)} frames")]
    n = animation["n"]
    for i, frame in enumerate(frames):
        if frame["captions"] != [frame["caption"]]:
            problems.append(f"animation {k}, frame {i}: captions shown {frame['captions']}")
        queens = [tuple(q) for q in frame["queens"]]
        if any(attacks(a, b) for i, a in enumerate(queens) for b in queens[i + 1:]):
            problems.append(f"animation {k}, frame {i}: attacking queens {sorted(queens)}")
        if "dead end" in frame["caption"] and frame["dead_ends"] != 1:
            problems.append(f"animation {k}, frame {i}: a dead end without its crossed-out row")
    if frames[0]["queens"]:
        problems.append(f"animation {k} does not start on an empty board")
    last = frames[-1]
    if animation["hold"] <= 2000:
        problems.append(f"animation {k} holds its last frame {animation['hold'] / 1000:.1f} s, "
                        f"not over 2 s")
    strip = animation["strip"]
    if len(strip) < min(len(frames), 8):
        problems.append(f"animation {k} has a strip of {len(strip)} steps for {len(frames)} "
                        f"frames: readers who cannot play it see too little")
    elif sorted(map(tuple, strip[-1])) != sorted(map(tuple, last["queens"])):
        problems.append(f"animation {k}: the strip's last step is not the last frame")
    if last["caption"].startswith("solved") and len(last["queens"]) != n:
        problems.append(f"animation {k} ends with {len(last['queens'])} queens on {n}×{n}")
    placed = {len(f["queens"]) for f in frames}
    if max(placed) < 2:
        problems.append(f"animation {k} never shows more than one queen")
    if len(problems) > 5:
        problems = problems[:5] + [f"... and {len(problems) - 5} more in animation {k}"]
    return problems


# A page of every kind of text style.css colours, as the notebooks show it: markdown headings,
# code, quotes and tables, and the coursework's reports, passed and failed.
STYLE_SAMPLE = """<div class="jp-RenderedMarkdown"><h1>Heading 1</h1><h2>Heading 2</h2><h3>Heading 3</h3>
<p>A sentence with <code>code</code> in it.</p><blockquote><p>A quoted sentence.</p></blockquote>
<table><tr><th>head</th></tr><tr><td>cell</td></tr></table></div>
<div class="nqueens-report passed"><p class="verdict">passed</p><pre>detail</pre></div>
<div class="nqueens-report failed"><p class="verdict">failed</p><pre>detail</pre></div>"""

STYLE_PROBE = (f"<script>{COLOUR_FUNCTIONS}\n"
               f"{(TOOLS / 'style_probe.js').read_text(encoding='utf-8')}</script>")


def check_style(browser):
    """Every text style.css colours, read in JupyterLab's light theme (black on white) and its
    dark one (light text on #111111, the body marked data-jp-theme-light="false" as JupyterLab
    marks it): text at 4.5:1 or more against what is behind it, the coloured edges of quotes and
    reports at 3:1."""
    css = (ROOT / "style.css").read_text(encoding="utf-8")
    problems = []
    themes = {"light": ("true", "#ffffff", "#000000"), "dark": ("false", "#111111", "#e6e6e6")}
    for theme, (light, back, ink) in themes.items():
        page = (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body {{ background: "
                f"{back}; color: {ink}; }}</style><style>{css}</style></head><body "
                f"data-jp-theme-light=\"{light}\">{STYLE_SAMPLE}{STYLE_PROBE}</body></html>")
        with tempfile.NamedTemporaryFile("w", suffix=".html", encoding="utf-8") as file:
            file.write(page)
            file.flush()
            try:
                browser.open(pathlib.Path(file.name).as_uri(), until="load")
                found = browser.text_of("#nqueens-probe", 30)
            except Exception:  # noqa: BLE001 (any failure to load or probe is the page's)
                return [f"style.css: the probe did not run ({theme} theme)"]
        for item in json.loads(found):
            if item["contrast"] < item["least"]:
                problems.append(f"style.css, {theme} theme: {item['what']} at "
                                f"{item['contrast']:.2f}:1, under {item['least']}:1")
    return problems


def export_committed():
    """HTML exports of the notebooks as committed (their outputs as they are, nothing run), in
    a folder of their own: what a reader who opens them sees."""
    import nbformat
    from nbconvert import HTMLExporter
    out = ROOT / "target" / "committed"
    out.mkdir(parents=True, exist_ok=True)
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(notebook, as_version=4)
        page, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
        (out / notebook.with_suffix(".html").name).write_text(page, encoding="utf-8")
    return out


def pages_to_check():
    """The HTML export of every notebook, and whether that notebook draws boards."""
    pages = []
    for notebook in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        # The coursework's students' copies hold stubs and are not run (tools/release.py).
        if ".ipynb_checkpoints" in notebook.parts or "exercises" in notebook.parts:
            continue
        metadata = json.loads(notebook.read_text(encoding="utf-8")).get("metadata", {})
        draws = metadata.get("nqueens", {}).get("draws_boards", True)
        page = PAGES / notebook.relative_to(ROOT / "notebooks").with_suffix(".html")
        if not page.exists():
            sys.exit(f"{page.relative_to(ROOT)} is missing: run the notebooks first")
        pages.append((page, draws))
    return pages


def main():
    global PAGES
    print(f"browser: {version()}")
    if "--committed" in sys.argv[1:]:
        PAGES = export_committed()
    pages = pages_to_check()
    failed = 0
    browser, calm_browser = Browser(1280, 2000), Browser(1280, 2000, reduced_motion=True)
    try:
        failed = check_pages(browser, calm_browser, pages)
    finally:
        browser.close()
        calm_browser.close()
    print(f"{len(pages) + 1 - failed} passed, {failed} failed (the notebooks' pages and style.css)")
    return 1 if failed else 0


def check_pages(browser, calm_browser, pages):
    """The style sheet and every page checked; the number that failed."""
    failed = 0
    for problem in check_style(browser):
        print("  " + problem)
        failed = 1
    print(f"style.css: {'FAILED' if failed else 'ok'} in the light and the dark theme")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ascii, squares = expected_board()
    known_total = 0
    for page, draws in pages:
        found = probe(browser, page)
        boards = found["boards"]
        problems, known = check(found, ascii, squares, draws)
        if found["animations"]:
            # A reader who asked for reduced motion sees each animation's last frame, still.
            calm = probe(calm_browser, page)
            for k, (moving, still) in enumerate(zip(found["animations"], calm["animations"])):
                last = moving["frames"][-1]
                shown = still["still"]
                if shown["captions"] != [last["caption"]] or \
                        sorted(shown["queens"]) != sorted(last["queens"]):
                    problems.append(f"animation {k} with reduced motion shows {shown}, not its "
                                    f"last frame")
        known_total += known
        shot = SHOTS / (page.stem + ".png")
        screenshot(browser, page, shot)
        status = "ok" if not problems else "FAILED"
        played = sum(len(a["frames"]) for a in found["animations"])
        extra = f", {len(found['animations'])} animations played ({played} frames)" if played else ""
        print(f"{page.relative_to(ROOT)}: {status}, {len(boards)} boards rendered, "
              f"{known} checked square by square{extra}; screenshot {shot.relative_to(ROOT)}")
        for problem in problems:
            print("  " + problem)
        failed += bool(problems)
    if known_total == 0:
        print("no page shows the 8-queens solution of `nqueens solve 8`: nothing was checked "
              "square by square")
        failed += 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
