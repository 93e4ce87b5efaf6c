// Every command a log may hold, in words (a correction's audit names the commands it changes or sets aside). Typed
// by the vocabulary, so that a new command does not compile without its words.
import type { OriginType } from '../../events/index.js';

const COMMAND_WORDS: Readonly<Record<OriginType, string>> = {
  'host.game-started': "the game's start",
  'host.power-surrendered': "the report of a power's surrender",
  'host.dominion-surrendered': "the report of a dominion's surrender",
  'host.city-firestormed': 'the report of a firestormed city',
  'host.atomic-attack': 'the report of an atomic attack',
  'host.logged': 'a routine host event',
  'host.allied-player-turn-ended': 'the report of the end of the Allied player turn',
  'host.game-turn-ended': 'the report of the end of the game turn',
  'host.british-force-pool': 'the report of the British force pool',
  'host.far-east-hex-control': 'the report of Far East hex control',
  'host.british-hex-control': 'the report of British hex control',
  'host.italian-forces-reported': 'the report of the Italian forces',
  'war.declared': 'the declaration of war',
  'britain.offer-accepted': 'the acceptance of the British offer',
  'britain.offer-rejected': 'the rejection of the British offer',
  'britain.forces-selected': 'the British selection of forces to remove',
  'britain.terms-demanded': "Germany's demand of terms",
  'japan.treaty-decided': "Japan's decision on the treaty",
  'italy.forces-selected': 'the selection of Italian forces',
  'host.report-corrected': 'a correction of a host report',
  'game.decision-withdrawn': 'a decision taken back',
};

const isOriginType = (type: string): type is OriginType => Object.hasOwn(COMMAND_WORDS, type);

/** A command's words; a type this build does not know (a newer log) as it is. */
export const commandWords = (type: string): string => (isOriginType(type) ? COMMAND_WORDS[type] : type);
