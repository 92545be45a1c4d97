import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { budget } from './budget';

/** Held by the call journey running now; its file names the process holding it. */
export const MEDIA_LANE = join(tmpdir(), 'rounds-e2e-media-lane');
const OWNER = join(MEDIA_LANE, 'pid');

/** The holder's pid; 0 while it is writing it, or when the lane was just let go. */
const holderPid = () => {
  try {
    return Number(readFileSync(OWNER, 'utf8')) || 0;
  } catch {
    return 0;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Journeys with several browsers carrying live media (the call journeys) take turns: two at once on this
 * 2-core machine starve each other (a three-party video call's screenshot timed out, relay audio never came),
 * while a call journey beside any other journey runs fine. Called first in the file, so the lane is taken
 * before its servers and browsers start; mkdir is atomic, and a lane left by a process that died is taken over.
 */
export function useMediaLane(): void {
  beforeAll(
    async () => {
      for (;;) {
        try {
          mkdirSync(MEDIA_LANE);
          writeFileSync(OWNER, String(process.pid));
          return;
        } catch {
          const holder = holderPid();
          if (holder && !alive(holder)) rmSync(MEDIA_LANE, { recursive: true, force: true });
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    },
    budget(20 * 60_000),
  );
  afterAll(() => rmSync(MEDIA_LANE, { recursive: true, force: true }));
}
