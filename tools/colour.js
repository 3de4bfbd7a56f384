// Colour arithmetic shared by the browser test's probes: a computed CSS colour as [r, g, b]
// (null when it is not opaque), its relative luminance, and the contrast ratio of two colours
// (WCAG 2; 0 when either is missing).
function rgb(colour) {
  const m = (colour || '').match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/);
  return m && (m[4] === undefined || Number(m[4]) > 0.99) ? [m[1], m[2], m[3]].map(Number) : null;
}
function luminance(c) {
  const l = c.map(function (v) {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}
function contrastRatio(a, b) {
  if (!a || !b) return 0;
  const x = luminance(a), y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
