// The engine's own immer: its settings are its own and never change a process-wide setting of a host
// that uses immer too. No auto-freeze: it costs microseconds per update on the replay path, and the
// state is handed out only through readonly types (docs/performance.md).
import { Immer } from 'immer';

const immer = new Immer({ autoFreeze: false });

export const produce: Immer['produce'] = immer.produce;
