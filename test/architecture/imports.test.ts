// The layout the design promises: no import cycle anywhere (type-only ones included), pure machines that know
// nothing of the engine.
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from '../support/imports.js';

describe('imports', () => {
  const graph = importGraph(['src', 'machines', 'events']);

  it('the graph is read: the engine imports its machines', () => {
    expect(graph.get('src/engine/evolve.ts')).toContain('machines/britain.ts');
  });

  it('no import cycle in src/, machines/ or events/, type-only imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('a cycle is found, a type-only one too', () => {
    expect(cycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['a.ts']], ['c.ts', ['c.ts']], ['d.ts', ['a.ts']]]))).toEqual([['a.ts', 'b.ts'], ['c.ts']]);
  });

  it('machines/ imports nothing from src/engine/', () => {
    const offending = [...graph].filter(([file]) => file.startsWith('machines/')).flatMap(([file, targets]) => targets.filter((t) => t.startsWith('src/engine/')).map((t) => `${file} -> ${t}`));
    expect(offending).toEqual([]);
  });
});
