// Italy's surrender (rule 56) in the engine: the player decisions it validates.
import type { OriginDeciders } from '../decide.js';

export const italianDeciders: OriginDeciders<never> = {};
