// The words of the concession effects (59.65, 59.66B-F): the calculator's notes and the engine's effects share them.

/** 59.65, 59.66B, 59.66C: what happens in a ceded territory. */
export function cededNotes(key: string): string[] {
  const notes = [
    '59.66B: Russian units in the area go to the nearest Russian-controlled hex outside it',
    '59.66C: British and Commonwealth units in the area go to the ' +
      'nearest concession area still British, else to mapboard boxes',
  ];
  if (key === 'ulster') notes.push('59.65: Ulster becomes part of Ireland');
  return notes;
}

/** 59.65, 59.66B, 59.66C, 59.66F, 59.66H: what ceding a territory does, as data (the notes above in words). */
export const CededEffectCodes = [
  'russian-units-relocated',
  'british-units-relocated',
  'ulster-joins-ireland',
  'wafdists-remain',
  'usat-as-conquest',
] as const;
export type CededEffectCode = (typeof CededEffectCodes)[number];
export interface CededEffect {
  readonly rule: '59.65' | '59.66B' | '59.66C' | '59.66F' | '59.66H';
  readonly code: CededEffectCode;
}

export function cededEffects(key: string): CededEffect[] {
  const out: CededEffect[] = [
    { rule: '59.66B', code: 'russian-units-relocated' },
    { rule: '59.66C', code: 'british-units-relocated' },
  ];
  if (key === 'ulster') out.push({ rule: '59.65', code: 'ulster-joins-ireland' });
  // 59.66F: the Axis take Egypt as a concession, so the Wafdist partisans remain in play.
  if (key === 'egypt') out.push({ rule: '59.66F', code: 'wafdists-remain' });
  out.push({ rule: '59.66H', code: 'usat-as-conquest' });
  return out;
}

/** 59.66E: a demanded minor country neutralized or transferred to the Axis. */
export const MINOR_NOTES = {
  neutral: '59.66E: neutralized, returns to its original status',
  axis: '59.66E: transferred to Axis control, treated as a conquest',
} as const;

/** 59.66F: why the Wafdist partisans are eliminated or remain. */
export const WafdistCauses = ['egypt-returned', 'egypt-kept', 'us-at-war', 'egypt-not-kept'] as const;
export type WafdistCause = (typeof WafdistCauses)[number];
export const WAFDIST_NOTES: Record<WafdistCause, string> = {
  'egypt-returned':
    'Egypt is returned to Britain: all Wafdist partisans are ' +
    'eliminated; none may be built until the Axis is at war with the U.S.',
  'egypt-kept':
    'Britain keeps Egypt: all Wafdist partisans are ' +
    'eliminated; none may be built until the Axis is at war with the U.S.',
  'us-at-war': 'the U.S. is at war with Germany: Wafdist partisans remain in play',
  'egypt-not-kept': 'Britain does not keep Egypt: Wafdist partisans remain in play',
};
