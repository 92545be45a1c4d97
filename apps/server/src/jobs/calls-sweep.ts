import type { FastifyInstance } from 'fastify';
import type { Job } from './runner';

/**
 * Calls that time has decided: ringing unanswered for 60 s becomes missed, and a participant gone for 10 s
 * is dropped (modules/calls/calls.service.ts). Every process runs it; the call's version decides once.
 */
export function callsSweep(app: FastifyInstance): Job {
  return {
    name: 'calls-sweep',
    everyMs: 2_000,
    run: async () => {
      await app.calls.expireRinging();
      await app.calls.dropDisconnected();
    },
  };
}
