// How a machine's snapshot is advanced by one event. `pureStep` is xstate's pure transition(); `fastStep`
// is the same StateMachine.transition with one inert scope per machine made once, where transition() builds
// an actor and an actor system for every event (it was most of a replay's time). Both run no action but
// `assign` (these machines have no other, and spawn nothing), so both give the same snapshot; a test replays
// every example log both ways.
import {
  createActor,
  transition,
  type ActorScope,
  type AnyStateMachine,
  type EventFromLogic,
  type SnapshotFrom,
} from 'xstate';

export type Step = <M extends AnyStateMachine>(
  machine: M,
  snapshot: SnapshotFrom<M>,
  event: EventFromLogic<M>,
) => SnapshotFrom<M>;

export const pureStep: Step = (machine, snapshot, event) => transition(machine, snapshot, event)[0];

const scopes = new WeakMap<
  AnyStateMachine,
  ActorScope<SnapshotFrom<AnyStateMachine>, EventFromLogic<AnyStateMachine>>
>();

/** An actor scope that runs nothing: no deferred work, no emitted events, no children, no logging. */
function inertScope(
  machine: AnyStateMachine,
): ActorScope<SnapshotFrom<AnyStateMachine>, EventFromLogic<AnyStateMachine>> {
  const self = createActor(machine);
  const none = (): void => undefined;
  return {
    self,
    id: '',
    sessionId: '',
    logger: none,
    defer: none,
    emit: none,
    system: self.system,
    stopChild: none,
    actionExecutor: none,
  };
}

export const fastStep: Step = (machine, snapshot, event) => {
  let scope = scopes.get(machine);
  if (scope === undefined) {
    scope = inertScope(machine);
    scopes.set(machine, scope);
  }
  return machine.transition(snapshot, event, scope) as SnapshotFrom<typeof machine>;
};
