// The browser test's probe (tools/browser_test.py adds it to a copy of each notebook's HTML
// export). It puts every drawing inline and reports, as JSON in a pre element of id
// nqueens-probe, what the browser lays out and paints: boards, squares and queens, every text's
// contrast, size and what crosses it, charts' lines, markers and marks, boards' frames and
// conflict rings, animations frame by frame, text alternatives. It needs OUTPUT_WIDTH (the width
// of JupyterLab's output, in pixels) and the functions of colour.js.
window.addEventListener('load', function () {
  const images = Array.from(document.querySelectorAll('img.nqueens-drawing')).map(function (img) {
    return {width: img.naturalWidth, height: img.naturalHeight};
  });
  // Each drawing's text alternative, before the drawings are put inline.
  const alts = Array.from(document.querySelectorAll('img.nqueens-drawing')).map(function (img) {
    return img.getAttribute('alt') || '';
  });
  // What each board drawing shows besides its pieces, which its text alternative must say too.
  const drawn = Array.from(document.querySelectorAll('img.nqueens-drawing')).map(function (img) {
    const bytes = Uint8Array.from(atob(img.getAttribute('src').split(',')[1]), function (c) {
      return c.charCodeAt(0);
    });
    const svg = new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'image/svg+xml');
    const count = function (selector) {
      return svg.querySelectorAll('svg.nqueens-board ' + selector).length;
    };
    return {alt: img.getAttribute('alt') || '', labels: count('text.label'),
            shaded: count('rect.fill'), crossed: count('line.mark'),
            arrows: count('.arrow'), conflicts: count('line.conflict')};
  });
  // Shown at most OUTPUT_WIDTH px wide, the narrowest output the drawings are made for.
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
    const contrast = Math.min.apply(null, backs.map(function (back) {
      return contrastRatio(fill, back);
    }));
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
        return Object.assign(centre(e), {colour: paint(e),
                                         hollow: getComputedStyle(e).fill === 'none'});
      });
    };
    // Each line's points as painted, in pixels of the page (as the marks: scrolled in).
    const paths = Array.from(svg.querySelectorAll('polyline.line')).map(function (line) {
      const ctm = line.getScreenCTM();
      const style = getComputedStyle(line);
      return {colour: rgb(style.stroke),
              points: Array.from(line.points).map(function (p) {
                const q = new DOMPoint(p.x, p.y).matrixTransform(ctm);
                return [q.x + window.scrollX, q.y + window.scrollY];
              })};
    });
    const title = svg.querySelector('text');
    const card = svg.querySelector('rect.legend');
    const legendBox = card ? card.getBoundingClientRect() : null;
    return {title: title ? title.textContent.trim() : '', lines: Array.from(seen.values()),
            paths: paths,
            legend: legendBox ? [legendBox.left + window.scrollX, legendBox.top + window.scrollY,
                                 legendBox.right + window.scrollX, legendBox.bottom + window.scrollY] : null,
            markers: marks('polygon.marker'), zeros: marks('circle.zero'),
            undefined: marks('polygon.undefined'),
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
    // Every tinted square: the colour painted (the tint over its square), the square's own, and
    // whether anything else on it (a piece, a label, a mark, a ring) says what the tint says.
    const shadeOf = function (kind) {
      const plain = svg.querySelector('rect.square.' + kind + ', rect.' + kind + ', path.' + kind);
      return plain ? rgb(getComputedStyle(plain).fill) : null;
    };
    const plains = {light: shadeOf('light'), dark: shadeOf('dark')};
    const tints = Array.from(svg.querySelectorAll('rect.fill')).map(function (tint) {
      const row = Number(tint.dataset.row), col = Number(tint.dataset.col);
      const plain = plains[(row + col) % 2 === 0 ? 'light' : 'dark'];
      const s = getComputedStyle(tint);
      const colour = rgb(s.fill);
      const alpha = Number(s.fillOpacity) * Number(s.opacity);
      const painted = colour && plain ? colour.map(function (c, k) {
        return alpha * c + (1 - alpha) * plain[k];
      }) : null;
      const shaped = Array.from(svg.querySelectorAll('[data-row="' + row + '"][data-col="' + col + '"]'))
        .some(function (e) { return !e.classList.contains('fill'); });
      return {row: row, col: col, painted: painted, plain: plain, shaped: shaped};
    });
    return {compact: svg.classList.contains('compact'), tints: tints,
            frame: frame ? contrastRatio(rgb(getComputedStyle(frame).stroke), back) : null,
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
                  contrast: halo ? contrastRatio(rgb(s.stroke), rgb(getComputedStyle(halo).stroke)) : 0,
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
                                    crosses: crosses, alts: alts, drawn: drawn});
  document.body.appendChild(pre);
});
