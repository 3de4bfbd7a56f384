// The browser test's probe of style.css: on a page of every kind of text the sheet colours, it
// reports each text's contrast with what is behind it, and the contrast of the coloured edges of
// quotes and reports, as JSON in a pre element of id nqueens-probe. It needs the functions of
// colour.js.
window.addEventListener('load', function () {
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
                contrast: contrastRatio(rgb(getComputedStyle(e).color), background(e)), least: 4.5});
  });
  document.querySelectorAll('.nqueens-report, blockquote').forEach(function (e) {
    found.push({what: 'the edge of ' + e.tagName.toLowerCase() + '.' + e.className,
                contrast: contrastRatio(rgb(getComputedStyle(e).borderLeftColor), background(e.parentElement)),
                least: 3.0});
  });
  const pre = document.createElement('pre');
  pre.id = 'nqueens-probe';
  pre.textContent = JSON.stringify(found);
  document.body.appendChild(pre);
});
