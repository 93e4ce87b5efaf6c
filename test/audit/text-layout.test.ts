// The text audit reads in an ordinary terminal: per decision a headline (turn, rule, result), its breakdown
// indented below it one row per line, the rows that count zero gathered in one, every line at most 100 columns.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auditEntries, auditHeadline, formatAuditEntry, formatAuditTrail } from '../../src/audit/audit.js';
import { breakdownOf, entryOf } from '../../src/audit/entry.js';
import { readLog } from '../../src/store/file/verify.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const logs = readdirSync(EXAMPLES).filter((f) => f.endsWith('.jsonl'));

describe('the text audit', () => {
  it.each(logs)('55.11, 56.11, 59.21: every headline of %s is at most 100 columns', async (name) => {
    const entries = [];
    for await (const batch of readLog(`${EXAMPLES}${name}`, { validate: true }))
      entries.push(...batch.flatMap(auditEntries));
    expect(entries.length).toBeGreaterThan(10);
    const long = entries.map(auditHeadline).filter((h) => h.length > 100 || h.includes('\n'));
    expect(long).toEqual([]);
  });

  const entry = entryOf(7, 'g', {
    turn: 'Spring 1945',
    rule: '55.11',
    result: 'Germany surrenders: resistance -1 and Berlin under Allied control',
    breakdown: [
      ...breakdownOf([
        {
          key: 'dpTotal',
          rule: '55.11B',
          value: -1,
          detail: 'German DP total at the end of the Allied player turn: -1',
        },
        { key: 'berchtesgaden', rule: '55.11B', value: 0, detail: 'Germany does not control Berchtesgaden: 0' },
        { key: 'firestorms', rule: '55.11B', value: 0, detail: '0 German cities firestormed (26.93A), -1 each: 0' },
      ]),
      '55.11A Berlin under Allied control',
    ],
  });

  it('55.11B: --json keeps every row in words; the zero rows are named by rule and row', () => {
    expect(entry.breakdown).toEqual([
      '55.11B German DP total at the end of the Allied player turn: -1',
      '55.11B Germany does not control Berchtesgaden: 0',
      '55.11B 0 German cities firestormed (26.93A), -1 each: 0',
      '55.11A Berlin under Allied control',
    ]);
    expect(entry.zeroRows).toEqual([
      { row: 1, name: '55.11B Berchtesgaden' },
      { row: 2, name: '55.11B firestorms' },
    ]);
  });

  it(
    '55.11B: the headline, then each row indented to the ' +
      'rule column, the zero rows on one line where the last stood',
    () => {
      expect(formatAuditEntry(entry)).toBe(
        [
          'Spring 1945  55.11    Germany surrenders: resistance -1 and Berlin under Allied control',
          '             55.11B German DP total at the end of the Allied player turn: -1',
          '             zero: 55.11B Berchtesgaden, 55.11B firestorms',
          '             55.11A Berlin under Allied control',
        ].join('\n'),
      );
      expect(formatAuditEntry({ ...entry, breakdown: [], zeroRows: [] })).toBe(
        'Spring 1945  55.11    Germany surrenders: resistance -1 and Berlin under Allied control',
      );
    },
  );

  it('a log of several games names each game above its run of entries, not on every headline', () => {
    const other = { ...entry, game: 'h', breakdown: [], zeroRows: [] };
    const text = formatAuditTrail([{ ...entry, breakdown: [], zeroRows: [] }, other, other], true);
    const headline = 'Spring 1945  55.11    Germany surrenders: resistance -1 and Berlin under Allied control';
    expect(text).toBe(['game g', headline, 'game h', headline, headline].join('\n'));
    expect(formatAuditTrail([other], false)).toBe(headline);
  });

  it('59.512: a row wider than 100 columns breaks between words, its later lines under its first word', () => {
    const wide = entryOf(9, 'g', {
      turn: 'Summer 1941',
      rule: '59.41',
      result: 'Britain surrenders at level -3: peace negotiations follow (59.62)',
      breakdown: [
        '59.512 Britain removes 6 AAF factors and 12 BRPs of ground units or NAS from its force pool and ' +
          'eliminates 30 naval factors (level -3); the British player selects them (59.513A).',
      ],
    });
    expect(formatAuditEntry(wide)).toBe(
      [
        'Summer 1941  59.41    Britain surrenders at level -3: peace negotiations follow (59.62)',
        '             59.512 Britain removes 6 AAF factors and 12 BRPs of ground units or NAS from its force',
        '                    pool and eliminates 30 naval factors (level -3); the British player selects them',
        '                    (59.513A).',
      ].join('\n'),
    );
  });
});
