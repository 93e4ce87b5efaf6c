// A host report's facts in words, for the audit of a correction: `britain.britishDpLevel` is "British DP level",
// `britain.naval[3].factors` "British naval unit 4 factors". Words are made from the field names, with the game's
// names and abbreviations written as the rules write them.
const WORDS: Readonly<Record<string, string>> = {
  dp: 'DP',
  dps: 'DPs',
  usat: 'USAT',
  brps: 'BRPs',
  brp: 'BRP',
  aaf: 'AAF',
  nas: 'NAS',
  sw: 'SW',
  british: 'British',
  britain: 'British',
  german: 'German',
  germany: 'German',
  italian: 'Italian',
  italy: 'Italian',
  axis: 'Axis',
  allied: 'Allied',
  allies: 'Allies',
  western: 'Western',
  russian: 'Russian',
  berlin: 'Berlin',
  rome: 'Rome',
  malta: 'Malta',
  singapore: 'Singapore',
  africa: 'Africa',
  atlantic: 'Atlantic',
  berchtesgaden: 'Berchtesgaden',
  europe: 'Europe',
  poland: 'Poland',
  rumania: 'Rumania',
  naval: 'naval unit',
  units: 'unit',
};

/** One field name in words: camelCase split, each word as the rules write it. */
const fieldWords = (name: string): string =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase())
    .join(' ');

/** A fact's path in words; an index counts from 1 ("unit 4"). */
export function factWords(path: readonly (string | number)[]): string {
  const words = path.map((part) => (typeof part === 'number' ? String(part + 1) : fieldWords(part)));
  // A power's block followed by a field that names the power already: "British British DP level" reads once.
  return words.filter((word, i) => !words[i + 1]?.startsWith(word)).join(' ');
}

/** A fact's value in words: yes or no, a number, a name; none when absent. */
export function valueWords(value: unknown): string {
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
