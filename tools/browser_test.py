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
  output 848 px wide (JupyterLab's in a 1280 px window), and lies inside its own <svg>;
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
  and that a log axis showing zeros labels their row 0, never a value under 1;
* checks every board's frame (3:1 or more against the card round it), a ring round both pieces
  of every conflict line (a shape, not a hue alone), and a halo at 3:1 under every stroke of an
  animation's crosses;
* checks every drawing's text alternative: a summary of at most 600 characters, no board spelt
  out in dots, no unrounded number, no "undefined" or "NaN";
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

    tools/browser_test.py               the exports tools/run_notebooks.py wrote
    tools/browser_test.py --committed   the notebooks as committed, exported without running them

Chromium is Debian's package (`make chromium` installs it, or upgrades it to the distribution's
current version).
"""

import html
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import cdp

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = ROOT / "target" / "notebooks"
SHOTS = ROOT / "target" / "screenshots"
CLI = ROOT / "target" / "release" / "nqueens"

# The width JupyterLab gives an output in a 1280 px window, and the smallest text a reader should
# have to read there.
OUTPUT_WIDTH = 848
MIN_TEXT_PX = 9

# The probes' colour arithmetic: a computed CSS colour as [r, g, b] (null when not opaque), and
# its relative luminance (WCAG).
COLOUR_FUNCTIONS = r"""  function rgb(colour) {
    const m = (colour || '').match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/);
    return m && (m[4] === undefined || Number(m[4]) > 0.99) ? [m[1], m[2], m[3]].map(Number) : null;
  }
  function luminance(c) {
    const l = c.map(function (v) {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
  }"""

PROBE = """
<script>
const OUTPUT_WIDTH = OUTPUT_WIDTH_PX;
window.addEventListener('load', function () {
  const images = Array.from(document.querySelectorAll('img.nqueens-drawing')).map(function (img) {
    return {width: img.naturalWidth, height: img.naturalHeight};
  });
  // Each drawing's text alternative, before the drawings are put inline.
  const alts = Array.from(document.querySelectorAll('img.nqueens-drawing')).map(function (img) {
    return img.getAttribute('alt') || '';
  });
  // Shown at most 848 px wide, as JupyterLab shows an output in a 1280 px window.
  document.querySelectorAll('div.nqueens').forEach(function (div) {
    div.style.maxWidth = 'min(100%, ' + OUTPUT_WIDTH + 'px)';
  });
  // Each drawing inline, where its squares and queens can be measured.
  document.querySelectorAll('img.nqueens-drawing').forEach(function (img) {
    const bytes = Uint8Array.from(atob(img.getAttribute('src').split(',')[1]), function (c) {
      return c.charCodeAt(0);
    });
    const holder = document.createElement('div');
    holder.innerHTML = new TextDecoder().decode(bytes);
    img.replaceWith(holder.firstElementChild);
  });
  function box(element) {
    const b = element.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom];
  }
  const boards = Array.from(document.querySelectorAll('svg.nqueens-board')).map(function (svg) {
    const r = svg.getBoundingClientRect();
    const desc = svg.querySelector('desc');
    return {
      compact: svg.classList.contains('compact'),
      width: r.width,
      height: r.height,
      n: Number(svg.dataset.size),
      desc: desc ? desc.textContent.trim() : '',
      squares: Array.from(svg.querySelectorAll('rect.square')).map(box),
      queens: Array.from(svg.querySelectorAll('use.queen')).map(function (q) {
        const b = box(q);
        return {row: Number(q.dataset.row), col: Number(q.dataset.col),
                x: (b[0] + b[2]) / 2, y: (b[1] + b[3]) / 2};
      })
    };
  });
  // Every text of every drawing: its contrast with what lies under it, and whether its box lies
  // inside its own <svg>.
COLOUR_FUNCTIONS
  function opaque(element) {
    const style = getComputedStyle(element);
    return Number(style.fillOpacity) > 0.99 && Number(style.opacity) > 0.99 && rgb(style.fill);
  }
  // The box an <svg> shows, in page coordinates: its CSS box if outermost, else the rectangle
  // its x, y, width and height give in the coordinates of the element around it.
  function viewport(svg) {
    if (!svg.ownerSVGElement) {
      const r = svg.getBoundingClientRect();
      return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
    }
    const ctm = svg.parentNode.getScreenCTM();
    const x = svg.x.baseVal.value, y = svg.y.baseVal.value;
    const a = new DOMPoint(x, y).matrixTransform(ctm);
    const c = new DOMPoint(x + svg.width.baseVal.value, y + svg.height.baseVal.value)
      .matrixTransform(ctm);
    return {left: Math.min(a.x, c.x), top: Math.min(a.y, c.y),
            right: Math.max(a.x, c.x), bottom: Math.max(a.y, c.y)};
  }
  const texts = [];
  // Which drawing a text belongs to: the index of its outermost <svg>.
  const drawings = Array.from(document.querySelectorAll('svg')).filter(function (svg) {
    return !svg.ownerSVGElement;
  });
  function drawingIndex(element) {
    let svg = element.ownerSVGElement;
    while (svg.ownerSVGElement) svg = svg.ownerSVGElement;
    return drawings.indexOf(svg);
  }
  document.querySelectorAll('svg text').forEach(function (text) {
    if (!text.textContent.trim() || text.closest('symbol, defs')) return;
    // Hit-testing sees only what is in the window: bring the text into it first.
    text.scrollIntoView({block: 'center', inline: 'center'});
    const b = text.getBoundingClientRect();
    if (b.width === 0) return;
    const fill = rgb(getComputedStyle(text).fill);
    const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
    const under = document.elementsFromPoint(x, y).find(function (e) {
      return e !== text && (e.tagName === 'rect' || e.tagName === 'path') && opaque(e);
    });
    // Where nothing opaque is drawn under the text, the page shows through: white in the light
    // theme, JupyterLab's #111111 in the dark one; the worse of the two counts.
    const backs = under ? [rgb(getComputedStyle(under).fill)] : [[255, 255, 255], [17, 17, 17]];
    const contrast = fill ? Math.min.apply(null, backs.map(function (back) {
      const lighter = Math.max(luminance(fill), luminance(back));
      const darker = Math.min(luminance(fill), luminance(back));
      return (lighter + 0.05) / (darker + 0.05);
    })) : 0;
    // The size the reader sees: the font size times the scale of the drawing around it.
    const ctm = text.getScreenCTM();
    const size = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b);
    // Inside the viewport of every <svg> around it: a nested <svg> clips what runs past it.
    let inside = true;
    for (let svg = text.ownerSVGElement; svg; svg = svg.ownerSVGElement) {
      const frame = viewport(svg);
      inside = inside && b.left >= frame.left - 0.5 && b.right <= frame.right + 0.5
               && b.top >= frame.top - 0.5 && b.bottom <= frame.bottom + 0.5;
    }
    // What is drawn across the text, sampled on a grid inside its letters' box: any shape
    // painted over it, and a line under it that neither a halo round the letters (a stroke
    // painted first) nor an opaque shape between them keeps off the letters.
    const style = getComputedStyle(text);
    const haloed = style.paintOrder.startsWith('stroke') && rgb(style.stroke)
      && parseFloat(style.strokeWidth) > 0;
    const crossings = new Set();
    for (let i = 1; i <= 5; i++) {
      for (let j = 1; j <= 3; j++) {
        const px = b.left + (b.right - b.left) * (0.1 + 0.8 * i / 6);
        const py = b.top + (b.bottom - b.top) * (0.25 + 0.5 * j / 4);
        const stack = document.elementsFromPoint(px, py);
        const at = stack.indexOf(text);
        if (at < 0) continue;
        stack.slice(0, at).filter(function (e) {
          return e instanceof SVGGeometryElement || e.tagName === 'use';
        }).forEach(function (e) { crossings.add('under ' + e.tagName + '.' + (e.getAttribute('class') || '')); });
        if (haloed) continue;
        for (const e of stack.slice(at + 1)) {
          if (!(e instanceof SVGGeometryElement)) break;
          const s = getComputedStyle(e);
          const stroked = rgb(s.stroke) && parseFloat(s.strokeWidth) > 0 && Number(s.strokeOpacity) > 0.5;
          const filled = opaque(e);
          if (filled) break;
          if (stroked) { crossings.add('over ' + e.tagName + '.' + (e.getAttribute('class') || '')); break; }
        }
      }
    }
    // The letters' box with their halo, for the test of texts that touch.
    const pad = haloed ? parseFloat(style.strokeWidth) / 2 * Math.hypot(ctm.a, ctm.b) : 0;
    const height = b.bottom - b.top;
    // In page coordinates: each text was scrolled into the window on its own.
    const sx = window.scrollX, sy = window.scrollY;
    texts.push({
      ink: [b.left + sx - pad, b.top + sy + 0.15 * height - pad,
            b.right + sx + pad, b.bottom + sy - 0.15 * height + pad],
      drawing: drawingIndex(text),
      animated: !!text.closest('svg.nqueens-animation'),
      crossings: Array.from(crossings),
      text: text.textContent.trim().slice(0, 30),
      contrast: contrast,
      size: size,
      inside: inside,
      // What kind of text: its class, or that of the nearest group or drawing with one.
      kind: (text.getAttribute('class') || (text.parentElement.closest('[class]') || text)
             .getAttribute('class') || '').split(' ')[0],
    });
  });
  // Every piece that an arrow runs across: the arrow's line passes within a third of the
  // piece's width of its centre (measured on the page, as shown).
  const crossedPieces = [];
  document.querySelectorAll('svg.nqueens-board').forEach(function (svg) {
    const arrows = Array.from(svg.querySelectorAll('line.arrow')).map(function (line) {
      const ctm = line.getScreenCTM();
      const p = function (x, y) { return new DOMPoint(x, y).matrixTransform(ctm); };
      return [p(line.x1.baseVal.value, line.y1.baseVal.value),
              p(line.x2.baseVal.value, line.y2.baseVal.value)];
    });
    if (!arrows.length) return;
    svg.querySelectorAll('use.piece').forEach(function (piece) {
      const b = piece.getBoundingClientRect();
      const cx = (b.left + b.right) / 2, cy = (b.top + b.bottom) / 2;
      const near = arrows.some(function (ends) {
        const [a, c] = ends;
        const dx = c.x - a.x, dy = c.y - a.y;
        const t = Math.max(0, Math.min(1, ((cx - a.x) * dx + (cy - a.y) * dy)
                                          / (dx * dx + dy * dy || 1)));
        return Math.hypot(a.x + t * dx - cx, a.y + t * dy - cy) < (b.right - b.left) / 3;
      });
      if (near) crossedPieces.push(piece.getAttribute('class') + ' on ' + piece.dataset.row
                                   + ',' + piece.dataset.col);
    });
  });
  // Every chart's lines, as the browser paints them: colour and dash pattern of each, for the
  // test that tells them apart without colour vision; every point's marker (centre, size and
  // colour), the marks of runs that gave up, the rings of zeros, the numbers of the y axis.
  function centre(e) {
    const b = e.getBoundingClientRect();
    return {x: (b.left + b.right) / 2 + window.scrollX, y: (b.top + b.bottom) / 2 + window.scrollY,
            size: Math.max(b.right - b.left, b.bottom - b.top)};
  }
  const charts = Array.from(document.querySelectorAll('svg.nqueens-chart')).map(function (svg) {
    const seen = new Map();
    svg.querySelectorAll('polyline.line, polyline.guide').forEach(function (line) {
      const style = getComputedStyle(line);
      const key = style.stroke + '|' + style.strokeDasharray;
      if (!seen.has(key)) seen.set(key, {colour: rgb(style.stroke), dash: style.strokeDasharray,
                                         guide: line.classList.contains('guide')});
    });
    const paint = function (e) {
      const s = getComputedStyle(e);
      return rgb(s.stroke) || rgb(s.fill);
    };
    const marks = function (selector) {
      return Array.from(svg.querySelectorAll(selector)).filter(function (e) {
        return !e.closest('g.legend');
      }).map(function (e) {
        return Object.assign(centre(e), {colour: paint(e)});
      });
    };
    const title = svg.querySelector('text');
    const card = svg.querySelector('rect.legend');
    const legendBox = card ? card.getBoundingClientRect() : null;
    return {title: title ? title.textContent.trim() : '', lines: Array.from(seen.values()),
            legend: legendBox ? [legendBox.left + window.scrollX, legendBox.top + window.scrollY,
                                 legendBox.right + window.scrollX, legendBox.bottom + window.scrollY] : null,
            markers: marks('polygon.marker'), zeros: marks('circle.zero'),
            gaveUp: marks('.gave-up, .not-run'),
            texts: Array.from(svg.querySelectorAll('text')).map(function (t) {
              return t.textContent.trim();
            }),
            yNumbers: Array.from(svg.querySelectorAll('text[text-anchor="end"]')).map(function (t) {
              return Object.assign(centre(t), {text: t.textContent.trim()});
            })};
  });
  // Every board's frame (its contrast with the card behind the board), every pair of attacking
  // pieces' marks beyond colour, and every cross of an animation on its halo.
  function contrastOf(a, b) {
    if (!a || !b) return 0;
    const x = luminance(a), y = luminance(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }
  const frames = Array.from(document.querySelectorAll('svg.nqueens-board')).map(function (svg) {
    let outer = svg;
    while (outer.ownerSVGElement) outer = outer.ownerSVGElement;
    const card = outer.querySelector('rect.backdrop');
    const back = card ? rgb(getComputedStyle(card).fill) : [255, 255, 255];
    const frame = svg.querySelector(':scope > rect.frame, :scope > g > rect.frame');
    const rings = Array.from(svg.querySelectorAll('.conflict-ring')).map(centre);
    const ends = [];
    svg.querySelectorAll('line.conflict').forEach(function (line) {
      const ctm = line.getScreenCTM();
      [[line.x1, line.y1], [line.x2, line.y2]].forEach(function (xy) {
        const p = new DOMPoint(xy[0].baseVal.value, xy[1].baseVal.value).matrixTransform(ctm);
        ends.push({x: p.x + window.scrollX, y: p.y + window.scrollY});
      });
    });
    const square = svg.querySelector('rect.square');
    return {compact: svg.classList.contains('compact'),
            frame: frame ? contrastOf(rgb(getComputedStyle(frame).stroke), back) : null,
            conflictEnds: ends, rings: rings,
            square: square ? square.getBoundingClientRect().width : 0};
  });
  const crosses = [];
  document.querySelectorAll('svg.nqueens-animation g.dead-end line:not(.halo)').forEach(function (line) {
    const halo = Array.from(line.parentNode.querySelectorAll('line.halo')).find(function (h) {
      return ['x1', 'y1', 'x2', 'y2'].every(function (k) {
        return Math.abs(h[k].baseVal.value - line[k].baseVal.value) < 0.5;
      });
    });
    const s = getComputedStyle(line);
    crosses.push({halo: !!halo,
                  contrast: halo ? contrastOf(rgb(s.stroke), rgb(getComputedStyle(halo).stroke)) : 0,
                  wider: halo ? parseFloat(getComputedStyle(halo).strokeWidth) - parseFloat(s.strokeWidth) : 0});
  });
  // Every animation, frame by frame: all its CSS animations set to the middle of the frame,
  // then which caption and which queens are shown.
  const animations = Array.from(document.querySelectorAll('svg.nqueens-animation')).map(function (svg) {
    const running = document.getAnimations().filter(function (a) {
      return a.effect && svg.contains(a.effect.target);
    });
    // What shows before anything is touched: with reduced motion asked for, nothing plays and
    // this is all a reader sees.
    const visible = function (e) { return Number(getComputedStyle(e).opacity) > 0.5; };
    // The strip of steps under the board is drawn still: not part of any frame.
    const onBoard = function (e) { return !e.closest('g.strip'); };
    const still = {
      captions: Array.from(svg.querySelectorAll('text.caption')).filter(visible)
        .map(function (c) { return c.textContent.trim(); }),
      queens: Array.from(svg.querySelectorAll('use.queen')).filter(onBoard).filter(visible).map(function (q) {
        return [Number(q.dataset.row), Number(q.dataset.col)];
      }),
    };
    const captions = Array.from(svg.querySelectorAll('text.caption'));
    const frames = captions.map(function (caption, i) {
      running.forEach(function (a) { a.pause(); a.currentTime = Number(caption.dataset.at); });
      const shown = function (e) { return Number(getComputedStyle(e).opacity) > 0.5; };
      return {
        captions: captions.filter(shown).map(function (c) { return c.textContent.trim(); }),
        caption: caption.textContent.trim(),
        queens: Array.from(svg.querySelectorAll('use.queen')).filter(onBoard).filter(shown).map(function (q) {
          return [Number(q.dataset.row), Number(q.dataset.col)];
        }),
        dead_ends: svg.querySelectorAll('g.dead-end').length === 0 ? 0 :
          Array.from(svg.querySelectorAll('g.dead-end')).filter(shown).length,
      };
    });
    // How long the last frame is held: from the moment its caption shows to the loop's end.
    const lastCaption = captions[captions.length - 1];
    const own = running.filter(function (a) { return a.effect.target === lastCaption; })[0];
    let hold = 0;
    if (own) {
      const timing = own.effect.getComputedTiming();
      const shownAt = own.effect.getKeyframes().filter(function (k) {
        return Number(k.opacity) > 0.5;
      }).map(function (k) { return k.computedOffset; });
      hold = timing.duration * (1 - Math.min.apply(null, shownAt.concat([1])));
    }
    const strip = Array.from(svg.querySelectorAll('g.strip svg.nqueens-board')).map(function (b) {
      return Array.from(b.querySelectorAll('use.queen')).map(function (q) {
        return [Number(q.dataset.row), Number(q.dataset.col)];
      });
    });
    return {n: Number(svg.querySelector('svg.nqueens-board').dataset.size),
            animations: running.length, frames: frames, still: still, hold: hold, strip: strip};
  });
  // Every box of a search tree holds its text.
  const spills = [];
  document.querySelectorAll('svg.nqueens-tree g.branch').forEach(function (g) {
    const frame = g.querySelector('rect').getBoundingClientRect();
    g.querySelectorAll('text').forEach(function (t) {
      const b = t.getBoundingClientRect();
      if (b.left < frame.left - 0.5 || b.right > frame.right + 0.5) spills.push(t.textContent);
    });
  });
  const pre = document.createElement('pre');
  pre.id = 'nqueens-probe';
  pre.textContent = JSON.stringify({images: images, boards: boards, texts: texts,
                                    animations: animations, spills: spills, charts: charts,
                                    crossedPieces: crossedPieces, frames: frames,
                                    crosses: crosses, alts: alts});
  document.body.appendChild(pre);
});
</script>
""".replace("OUTPUT_WIDTH_PX", str(OUTPUT_WIDTH)).replace("COLOUR_FUNCTIONS", COLOUR_FUNCTIONS)

def chromium(*args):
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([cdp.binary(), *cdp.FLAGS, f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=120)
    return done.stdout


def probe(page, *flags):
    """The boards of a page as the browser lays them out (with Chromium's `flags`)."""
    text = page.read_text(encoding="utf-8")
    copy = page.with_name(page.stem + ".probe.html")
    copy.write_text(text.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    # The virtual time budget lets the page load (and the probe run) before the DOM is dumped.
    dom = chromium(*flags, "--virtual-time-budget=20000", "--window-size=1280,2000",
                   "--dump-dom", copy.as_uri())
    copy.unlink()
    found = re.search(r'<pre id="nqueens-probe">(.*?)</pre>', dom, re.S)
    if not found:
        raise RuntimeError(f"{page.name}: the probe did not run")
    return json.loads(html.unescape(found.group(1)))


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


def check_chart(chart):
    """A chart as the browser paints it: each line at 3:1 or more on the white card; any two
    lines (guides too) with dash patterns alike in colours that stay apart in normal vision and
    under each simulated colour-vision deficiency; no point's marker hidden under another's of
    the same size; a line that ends before the others ends on a mark that it gave up there,
    explained in the legend; a log axis showing zeros labels their row 0 and no value under 1."""
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


def check_boards(frames, crosses):
    """Every board framed at 3:1 or more against the card round it; both squares of every
    pair of attacking pieces marked with a ring (a shape, not a hue alone); every cross of an
    animation on a wider halo at 3:1 or more."""
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
    bare = [c for c in crosses if not c["halo"] or c["contrast"] < 3.0 or c["wider"] < 2]
    if bare:
        problems.append(f"{len(bare)} of {len(crosses)} strokes of the animation's crosses lack a "
                        f"halo at 3:1 (lowest {min(c['contrast'] for c in bare):.2f})")
    return problems


def check_alts(alts):
    """Every drawing's text alternative a summary: at most 600 characters, no run of ten or
    more dots (a board spelt out), no number written to five or more significant digits after
    its point, no
    "undefined", "NaN" or "inf"."""
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
        return [f"animation {k} does not play: {animation['animations']} CSS animations, "
                f"{len(frames)} frames"]
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

STYLE_PROBE = """<script>
window.addEventListener('load', function () {
COLOUR_FUNCTIONS
  function contrast(a, b) {
    const x = luminance(a), y = luminance(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }
  function background(e) {
    for (; e; e = e.parentElement) {
      const back = rgb(getComputedStyle(e).backgroundColor);
      if (back) return back;
    }
    return [255, 255, 255];
  }
  const found = [];
  document.querySelectorAll('h1, h2, h3, p, code, th, td, pre, .verdict').forEach(function (e) {
    found.push({what: e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ' '
                      + JSON.stringify(e.textContent.trim().slice(0, 20)),
                contrast: contrast(rgb(getComputedStyle(e).color), background(e)), least: 4.5});
  });
  document.querySelectorAll('.nqueens-report, blockquote').forEach(function (e) {
    found.push({what: 'the edge of ' + e.tagName.toLowerCase() + '.' + e.className,
                contrast: contrast(rgb(getComputedStyle(e).borderLeftColor), background(e.parentElement)),
                least: 3.0});
  });
  const pre = document.createElement('pre');
  pre.id = 'nqueens-probe';
  pre.textContent = JSON.stringify(found);
  document.body.appendChild(pre);
});
</script>""".replace("COLOUR_FUNCTIONS", COLOUR_FUNCTIONS)


def check_style():
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
            dom = chromium("--virtual-time-budget=5000", "--dump-dom",
                           pathlib.Path(file.name).as_uri())
        found = re.search(r'<pre id="nqueens-probe">(.*?)</pre>', dom, re.S)
        if not found:
            return [f"style.css: the probe did not run ({theme} theme)"]
        for item in json.loads(html.unescape(found.group(1))):
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
        # The coursework's students' copies hold stubs and are not run (tools/coursework.py).
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
    print(f"browser: {cdp.version()}")
    if "--committed" in sys.argv[1:]:
        PAGES = export_committed()
    pages = pages_to_check()
    failed = 0
    for problem in check_style():
        print("  " + problem)
        failed = 1
    print(f"style.css: {'FAILED' if failed else 'ok'} in the light and the dark theme")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ascii, squares = expected_board()
    known_total = 0
    for page, draws in pages:
        found = probe(page)
        boards = found["boards"]
        problems, known = check(found, ascii, squares, draws)
        if found["animations"]:
            # A reader who asked for reduced motion sees each animation's last frame, still.
            calm = probe(page, "--force-prefers-reduced-motion")
            for k, (moving, still) in enumerate(zip(found["animations"], calm["animations"])):
                last = moving["frames"][-1]
                shown = still["still"]
                if shown["captions"] != [last["caption"]] or \
                        sorted(shown["queens"]) != sorted(last["queens"]):
                    problems.append(f"animation {k} with reduced motion shows {shown}, not its "
                                    f"last frame")
        known_total += known
        shot = SHOTS / (page.stem + ".png")
        chromium(f"--screenshot={shot}", "--window-size=1100,2200", page.as_uri())
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
    print(f"{len(pages) + 1 - failed} passed, {failed} failed (the notebooks' pages and style.css)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
