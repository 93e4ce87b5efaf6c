// The "did you mean" of a mistyped name: the edit distance of optimal string alignment, and the nearest known name
// only when it is close (at most 2 edits, or a third of the name's length).
import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, nearestName } from '../../src/schema/nearest-name.js';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['', 'exec', 4],
    ['exec', '', 4],
    ['replay', 'replay', 0],
    ['replya', 'replay', 1],
    ['replay', 'relay', 1],
    ['audit', 'audits', 1],
    ['verify', 'verity', 1],
    ['german-surender', 'german-surrender', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3],
    ['host.loged', 'host.logged', 1],
  ])('%j to %j: %i edits (a swap of two adjacent letters is one)', (a, b, edits) => {
    expect(editDistance(a, b)).toBe(edits);
    expect(editDistance(b, a)).toBe(edits);
  });
});

describe('nearestName', () => {
  const commands = ['help', 'german-surrender', 'replay', 'audit', 'verify', 'exec', 'append', 'report'];

  it('names the nearest known name within 2 edits', () => {
    expect(nearestName('replya', commands)).toBe('replay');
    expect(nearestName('exce', commands)).toBe('exec');
    expect(nearestName('adit', commands)).toBe('audit');
    expect(nearestName('Verify', commands)).toBe('verify');
  });

  it('a longer name may be a third of its length away: 5 edits in 16 characters', () => {
    expect(editDistance('grman-surendr-x', 'german-surrender')).toBe(5);
    expect(nearestName('grman-surendr-x', commands)).toBe('german-surrender');
    expect(nearestName('grmn-surndr-xyz', commands)).toBeUndefined();
  });

  it('names nothing when no known name is close, nor for a name that is wholly replaced', () => {
    expect(nearestName('xyz', commands)).toBeUndefined();
    expect(nearestName('serve', commands)).toBeUndefined();
    expect(nearestName('ab', ['cd', 'a'])).toBe('a');
    expect(nearestName('x', ['y', 'help'])).toBeUndefined();
    expect(nearestName('', commands)).toBeUndefined();
  });

  it('the nearest wins; on a tie, the first in the order given', () => {
    expect(nearestName('reply', ['replay', 'reaply'])).toBe('replay');
    expect(nearestName('reply', ['reaply', 'replay'])).toBe('reaply');
    expect(nearestName('repart', ['repeat', 'report'])).toBe('report');
  });
});

describe('didYouMean', () => {
  it('is the tail of a message when a name is near, else empty', () => {
    expect(didYouMean('replya', ['replay', 'audit'])).toBe(': did you mean "replay"?');
    expect(didYouMean('xyz', ['replay', 'audit'])).toBe('');
  });
});
