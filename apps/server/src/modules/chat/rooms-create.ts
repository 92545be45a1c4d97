import { participantsError, type RoomsContext } from './rooms-context';
import { createGroup } from './rooms-create-group';
import { openDirect } from './rooms-open-direct';

/** create-chat: a direct chat with one other person, or a named group. */
export const createRoom =
  (ctx: RoomsContext) =>
  async (userId: string, body: { participants: string[]; type: 'direct' | 'group'; name?: string }) => {
    const others = [...new Set(body.participants)].filter((id) => id !== userId);
    if (body.type === 'direct') {
      if (others.length !== 1) throw participantsError('directChatOneOther');
      return openDirect(ctx)(userId, others[0]!);
    }
    return createGroup(ctx)(userId, others, body.name!);
  };
