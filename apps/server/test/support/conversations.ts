import { chatRoomRoutes, type TChatRoom, type TMessage, ZChatRoomReply } from '@rounds/contracts/chat';
import { chatFileRoutes, ZUploadImagesReply } from '@rounds/contracts/chat-files';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { callRoute } from './call-route';
import { callAs, directRoom, type Member, openSocket, sentMessage } from './chat';
import type { TestApp } from './test-app';

/**
 * Rooms and messages as a test file's members make them, on the app its beforeAll starts (hence the getter): a
 * group (a ward of its own name unless named), a direct chat, a message sent over the member's socket, and an
 * image uploaded (with its bytes, for a test that reads them back). One socket per member, opened by their first message (a promise, so messages sent together
 * share it); `sockets` for a file that closes them itself.
 */
type Picture = { filename?: string; width?: number; height?: number; background?: string };

export function conversations(app: () => TestApp) {
  const unique = () => crypto.randomUUID().slice(0, 8);
  const group = async (owner: Member, others: Member[], name = `Ward ${unique()}`): Promise<TChatRoom> =>
    ZChatRoomReply.parse(
      (
        await callAs(app(), owner, chatRoomRoutes.create, {
          body: { type: 'group', name, participants: others.map((o) => o.id) },
        })
      ).body,
    ).data.chatRoom;
  const direct = (a: Member, b: Member): Promise<TChatRoom> => directRoom(app(), a, b);
  const sockets = new Map<string, Promise<Socket>>();
  const socketOf = (m: Member): Promise<Socket> => {
    if (!sockets.has(m.id)) sockets.set(m.id, openSocket(app(), m));
    return sockets.get(m.id)!;
  };
  const say = async (m: Member, twId: string, body: string, extra: Record<string, unknown> = {}): Promise<TMessage> =>
    sentMessage(await socketOf(m), { twId, body, ...extra });
  /** A PNG (4×4 white unless drawn otherwise) uploaded by the member: its key, to send with a message, and bytes. */
  const image = async (m: Member, picture: Picture = {}): Promise<{ key: string; bytes: Buffer }> => {
    const { filename = 'scan.png', width = 4, height = 4, background = '#fff' } = picture;
    const png = await sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
    const res = await callRoute(app().app, chatFileRoutes.uploadImages, {
      token: m.token,
      multipart: [{ filename, type: 'image/png', bytes: png }],
    });
    return { key: ZUploadImagesReply.parse(res.json()).data.files[0]!.Key, bytes: png };
  };
  const upload = async (m: Member): Promise<string> => (await image(m)).key;
  return { group, direct, say, socketOf, image, upload, sockets };
}
