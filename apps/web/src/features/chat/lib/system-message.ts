import type { TSystemEvent } from '@rounds/contracts/chat';

export type TSystemText = {
  key: `system.${TSystemEvent['type']}` | 'system.createdNamed' | 'system.unknown';
  params: { initiator: string; users: string; name: string };
};

/**
 * A system message in the reader's language (the server stores what happened, not a sentence): who did it,
 * to whom, and the group's name where it matters. `list` joins names the way the language does ('A, B and C').
 */
export function systemText(event: TSystemEvent | undefined, list: (names: string[]) => string): TSystemText {
  if (!event) return { key: 'system.unknown', params: { initiator: '', users: '', name: '' } };
  const params = {
    initiator: event.data.initiator.fullName,
    users: list(event.data.users.map((user) => user.fullName)),
    name: event.data.name ?? '',
  };
  if (event.type === 'created' && params.name) return { key: 'system.createdNamed', params };
  return { key: `system.${event.type}`, params };
}
