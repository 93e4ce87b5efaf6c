// The event types a machine takes, read from the machine itself: each machine's event list is written once,
// in its states' `on` maps (and its event type union, for the type checker).
import type { AnyStateMachine } from 'xstate';

export const eventsOf = (machine: AnyStateMachine): ReadonlySet<string> =>
  new Set(machine.root.events.filter((type) => !type.startsWith('xstate.')));
