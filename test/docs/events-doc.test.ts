// docs/events.md documents every event type; it is generated from the registry and must be current.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderEventsDoc } from '../../src/docs/events-doc.js';
import { eventDefinitions } from '../../events/index.js';

describe('docs/events.md', () => {
  it('is the rendering of the current event registry (run `npm run docs` after changing an event)', () => {
    expect(readFileSync(new URL('../../docs/events.md', import.meta.url), 'utf8')).toBe(renderEventsDoc());
  });
  it('documents every event type with its rules', () => {
    const doc = renderEventsDoc();
    for (const type of Object.keys(eventDefinitions)) expect(doc).toContain(`### \`${type}\``);
    expect(doc).toContain('Rules: 55.11, 55.12.');
  });
});
