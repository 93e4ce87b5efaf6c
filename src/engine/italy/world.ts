// How Italy's surrender (rule 56) changes the world facts.
import type { WorldHandlers } from '../state.js';

export const italianWorld: WorldHandlers<never> = {};
