import type { TSystemEvent } from '@rounds/contracts/chat';

/** Room and call events alike are worded in the 'chat' namespace: they are lines of the room's history. */
export type TSystemText = {
  key:
    | `system.${TSystemEvent['type']}`
    | 'system.callMissedYou'
    | 'system.callMissedYouShort'
    | 'system.createdNamed'
    | 'system.escalatedNobody'
    | 'system.unknown';
  /** i18next context: the call's kind picks the video or screen-share wording of a call event. */
  context: 'video' | 'directScreenShare' | undefined;
  params: { initiator: string; users: string; name: string; duration: string };
};

/** A call's length as the call timer shows it: m:ss, or H:mm:ss from an hour (doc 2 section 9). */
export function callDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(r)}` : `${m}:${pad(r)}`;
}

/**
 * A system message in the reader's language (the server stores what happened, not a sentence): who did it,
 * to whom, and the group's name where it matters. `list` joins names the way the language does ('A, B and C');
 * `me`, the reader, is addressed as such where it reads better. `short`: the line of a direct room's Recent row,
 * which already names the other person, so a missed call reads 'Missed voice call' without naming them again.
 */
export function systemText(
  event: TSystemEvent | undefined,
  list: (names: string[]) => string,
  me?: string,
  short = false,
): TSystemText {
  if (!event)
    return {
      key: 'system.unknown',
      context: undefined,
      params: { initiator: '', users: '', name: '', duration: '' },
    };
  const params = {
    initiator: event.data.initiator.fullName,
    users: list(event.data.users.map((user) => user.fullName)),
    name: event.data.name ?? '',
    duration: callDuration(event.data.duration ?? 0),
  };
  const kind = event.data.callType;
  const context =
    kind === 'video'
      ? 'video'
      : kind === 'directScreenShare' || kind === 'screenshare'
        ? 'directScreenShare'
        : undefined;
  if (event.type === 'created' && params.name) return { key: 'system.createdNamed', context, params };
  // An escalation step that found nobody to alert (the role unheld, its targets too) says so.
  if (event.type === 'escalated' && event.data.users.length === 0)
    return { key: 'system.escalatedNobody', context, params };
  // The one who missed the call reads it addressed to them ('You missed…'), in the room and in Recent.
  if (event.type === 'callMissed' && me && event.data.users.length === 1 && event.data.users[0]?.id === me)
    return { key: short ? 'system.callMissedYouShort' : 'system.callMissedYou', context, params };
  return { key: `system.${event.type}`, context, params };
}
