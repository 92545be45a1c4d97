import { caller, type Member, openSocket } from './chat';
import { conversations } from './conversations';
import type { TestApp } from './test-app';

/**
 * A voice call ringing: two callers allowed voice, in a direct chat, the first calling the second (whose tab is
 * open). The app must be listening.
 */
export async function ringingVoiceCall(t: TestApp): Promise<{ a: Member; b: Member; twId: string }> {
  const [a, b] = await Promise.all([caller(t, 'Lea', { voice: true }), caller(t, 'Max', { voice: true })]);
  const twId = (await conversations(() => t).direct(a, b)).id;
  await openSocket(t, b);
  await t.app.calls.initialize(a.id, crypto.randomUUID(), { twId, video: false, screenShare: false });
  return { a, b, twId };
}
