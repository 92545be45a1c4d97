import type { CallsService } from '../modules/calls/calls.service';
import type { Job } from './runner';

/**
 * Calls that time has decided: ringing unanswered for 60 s becomes missed, and a participant gone for 10 s
 * is dropped (modules/calls/calls-sweeps.ts). Every process runs it; the call's version decides once.
 */
export function callsSweep(calls: Pick<CallsService, 'expireRinging' | 'dropDisconnected'>): Job {
  return {
    name: 'calls-sweep',
    everyMs: 2_000,
    run: async () => {
      await calls.expireRinging();
      await calls.dropDisconnected();
    },
  };
}
