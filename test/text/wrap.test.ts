// Text broken between words at a width, its later lines after a hanging indent (the audit and the CLI's help).
import { describe, expect, it } from 'vitest';
import { wrapText } from '../../src/text/wrap.js';

describe('wrapText', () => {
  it('breaks between words, each later line after its own prefix, none longer than the width', () => {
    expect(wrapText('one two three four five', '- ', '    ', 12)).toEqual([
      '- one two',
      '    three',
      '    four',
      '    five',
    ]);
  });

  it('a text that fits is one line', () => {
    expect(wrapText('one two', '  ', '    ', 9)).toEqual(['  one two']);
  });

  it('a word longer than a line is never cut: it stands on a line of its own', () => {
    expect(wrapText('a postgresql://user@/games?host=/run b', '', '  ', 10)).toEqual([
      'a',
      '  postgresql://user@/games?host=/run',
      '  b',
    ]);
  });
});
