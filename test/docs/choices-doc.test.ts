// docs/host-protocol.md shows every decision's menu as the bundled games raise it; the part is generated
// (src/docs/choices-doc.ts) and must be current, and must show every kind of decision from a bundled game.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, renderMenus } from '../../src/docs/choices-doc.js';

const doc = readFileSync(new URL('../../docs/host-protocol.md', import.meta.url), 'utf8');

describe("docs/host-protocol.md: every decision's menu", () => {
  it('is the rendering of the bundled games as the engine answers them now (run `npm run docs`)', async () => {
    expect(doc.slice(doc.indexOf(BEGIN), doc.indexOf(END) + END.length)).toBe(await renderMenus());
  });

  it(
    '59.23, 59.513, 59.513A, 59.631, 59.66, 59.891C, 59.892A, 56.31D, 56.311: shows a real menu of each decision ' +
      'kind, and the three built step by step',
    async () => {
      const menus = await renderMenus();
      expect(menus).not.toContain('No bundled game raises this decision.');
      expect(menus.match(/^#### /gm)?.length).toBe(9);
      expect(menus.match(/part of the example's own answer tried/g)?.length).toBe(3);
    },
  );
});
