// Loaded into a page by the browser tests (evaluated by playwright; a plain script, no import or export): where
// the page draws its words and marks, each as the convex quadrilateral it covers in the viewport's pixels (a
// rotated SVG label as its rotated box, never the upright box around it), and which of them overlap.
// globalThis.awawBoxes:
//   texts(root): every run of text drawn under root, an SVG <text> or one line of an HTML text node (also inside
//     an SVG's <foreignObject>), named by its words;
//   shapes(selector, kind, name, pad): every SVG element matching selector, of that kind, grown by pad pixels on
//     each side (a line's stroke), named name(element);
//   collisions(items, pairs, tolerance): each two items whose kinds are one of pairs ([kind, kind]) that overlap
//     by more than tolerance pixels, as [name, name] in the pair's order.
(() => {
  const SVG = 'http://www.w3.org/2000/svg';

  /** The corners of a box of an element's own coordinates, in the viewport's, grown by pad viewport pixels. */
  function quadOf(element, box, pad) {
    const m = element.getScreenCTM();
    if (m === null) return null;
    const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1;
    const p = pad / scale;
    const x = box.x - p;
    const y = box.y - p;
    const w = box.width + 2 * p;
    const h = box.height + 2 * p;
    return [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ].map(([px, py]) => ({ x: m.a * px + m.c * py + m.e, y: m.b * px + m.d * py + m.f }));
  }

  const rectQuad = (r) => [
    { x: r.left, y: r.top },
    { x: r.right, y: r.top },
    { x: r.right, y: r.bottom },
    { x: r.left, y: r.bottom },
  ];

  const shown = (element) =>
    element.getClientRects().length > 0 &&
    (typeof element.checkVisibility !== 'function' ||
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true }));

  const words = (text) => {
    const t = text.replace(/\s+/g, ' ').trim();
    return t.length > 70 ? `${t.slice(0, 67)}...` : t;
  };

  function texts(root) {
    const items = [];
    for (const text of root.querySelectorAll('text')) {
      if (text.namespaceURI !== SVG || !shown(text) || words(text.textContent) === '') continue;
      const box = text.getBBox();
      if (box.width === 0 || box.height === 0) continue;
      const quad = quadOf(text, box, 0);
      if (quad !== null) items.push({ kind: 'text', name: `"${words(text.textContent)}"`, quad });
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || parent instanceof SVGElement || words(node.data) === '') continue;
      if (['SCRIPT', 'STYLE', 'TITLE'].includes(parent.tagName) || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects())
        if (r.width > 0 && r.height > 0) items.push({ kind: 'text', name: `"${words(node.data)}"`, quad: rectQuad(r) });
    }
    return items;
  }

  function shapes(selector, kind, name, pad) {
    const items = [];
    for (const element of document.querySelectorAll(selector)) {
      if (!(element instanceof SVGGraphicsElement) || !shown(element)) continue;
      const quad = quadOf(element, element.getBBox(), pad);
      if (quad !== null) items.push({ kind, name: name(element), quad });
    }
    return items;
  }

  /** How deep two convex quadrilaterals overlap: the least overlap of their projections on each edge's normal. */
  function depth(a, b) {
    let least = Number.POSITIVE_INFINITY;
    for (const quad of [a, b]) {
      for (let i = 0; i < quad.length; i += 1) {
        const p = quad[i];
        const q = quad[(i + 1) % quad.length];
        const len = Math.hypot(q.x - p.x, q.y - p.y);
        if (len === 0) continue;
        const nx = (p.y - q.y) / len;
        const ny = (q.x - p.x) / len;
        const span = (points) => {
          const d = points.map((v) => v.x * nx + v.y * ny);
          return [Math.min(...d), Math.max(...d)];
        };
        const [a0, a1] = span(a);
        const [b0, b1] = span(b);
        least = Math.min(least, Math.min(a1, b1) - Math.max(a0, b0));
        if (least <= 0) return least;
      }
    }
    return least;
  }

  const bounds = (quad) => {
    const xs = quad.map((v) => v.x);
    const ys = quad.map((v) => v.y);
    return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
  };

  function collisions(items, pairs, tolerance) {
    const ordered = new Set(pairs.map(([a, b]) => `${a} ${b}`));
    const allowed = new Set(pairs.flatMap(([a, b]) => [`${a} ${b}`, `${b} ${a}`]));
    const boxed = items.map((item) => ({ ...item, box: bounds(item.quad) })).sort((a, b) => a.box.top - b.box.top);
    const found = [];
    for (let i = 0; i < boxed.length; i += 1) {
      const a = boxed[i];
      for (let j = i + 1; j < boxed.length && boxed[j].box.top < a.box.bottom - tolerance; j += 1) {
        const b = boxed[j];
        if (!allowed.has(`${a.kind} ${b.kind}`)) continue;
        if (Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) <= tolerance) continue;
        if (depth(a.quad, b.quad) <= tolerance) continue;
        found.push(ordered.has(`${a.kind} ${b.kind}`) ? [a.name, b.name] : [b.name, a.name]);
      }
    }
    return found;
  }

  globalThis.awawBoxes = { texts, shapes, collisions };
})();
