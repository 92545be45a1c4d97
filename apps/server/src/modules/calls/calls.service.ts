import { act } from './calls-act';
import { type CallsDeps, createCallsContext } from './calls-context';
import { initializeCall } from './calls-initialize';
import { acceptCall, addParticipants } from './calls-join';
import { closeRoomCall, dropMembers, leaveAllCalls } from './calls-leave';
import { dropDisconnected, expireRinging } from './calls-sweeps';

/**
 * Calls on the server: each call one row whose state only the pure transition (call-machine) changes, written
 * back under its version (a lost race is read again and decided again), with its system messages in the same
 * transaction; then the room's members hear of it (every tab: a ringing card on each, gone on each once one
 * tab answers). One file per action (calls-*.ts) over a shared context.
 */
export function createCallsService(deps: CallsDeps) {
  const ctx = createCallsContext(deps);
  return {
    initialize: initializeCall(ctx),
    leaveAll: leaveAllCalls(ctx),
    dropMembers: dropMembers(ctx),
    closeRoom: closeRoomCall(ctx),
    memberCall: ctx.memberCall,
    act: act(ctx),
    accept: acceptCall(ctx),
    mayOf: ctx.mayOf,
    addParticipants: addParticipants(ctx),
    expireRinging: expireRinging(ctx),
    dropDisconnected: dropDisconnected(ctx),
    liveCall: ctx.liveCall,
    liveCallsOf: ctx.liveCallsOf,
    acceptedCallOf: ctx.acceptedCallOf,
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
