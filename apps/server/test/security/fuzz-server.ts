import { randomUUID } from 'node:crypto';
import { startOidcProvider } from '@rounds/test-kit/oidc-provider';
import { dropStore, freePort, type ServerProcess, startServerProcess } from '@rounds/test-kit/server-process';
import { createTestApp } from '../support/test-app';
import { createFixture } from './fixture';
import { type OpenApiDocument, openApiDocument } from './openapi-routes';

/** What the fuzz knows of the seeded data: whose tokens, and the markers of Alice's private data. */
export type FuzzWorld = {
  base: string;
  server: ServerProcess;
  doc: OpenApiDocument;
  /** Carol (in Mallory's own room) makes no fuzz call: her sends show the server still serves others. */
  /** scim: the directory's SCIM token, the only one /scim/v2 lets in (its bodies reach SCIM's rules). */
  tokens: { mallory: string; admin: string; bob: string; carol: string; scim: string };
  ids: {
    alice: string;
    bob: string;
    mallory: string;
    /** Alice's group (Bob is in it), a message, a sent file, an unsent upload, a filter, an SMS log. */
    room: string;
    message: string;
    file: string;
    upload: string;
    filter: string;
    log: string;
    /** A room of Mallory's own, so the fuzz also reaches the code behind the membership checks. */
    ownRoom: string;
    ownMessage: string;
    /** An on-call duty role of Fay's facility: the routes with a path parameter name it. */
    dutyRole: string;
    /** A user and a group the SCIM routes with an id name (a write may change or delete them). */
    scimUser: string;
    scimGroup: string;
  };
  /** Strings only Alice and Bob may ever see: none may appear in any reply to Mallory. */
  secrets: string[];
  stop: () => Promise<void>;
};

/**
 * Seeds a database through the app (users, rooms, messages, files), then serves it from the real server
 * process (main.ts), so a crash shows as a dead process rather than a failed promise.
 */
export async function startFuzzWorld(): Promise<FuzzWorld> {
  const t = await createTestApp();
  const fx = await createFixture(t);
  const secret = `SECRET-${randomUUID()}`;
  const room = await fx.group();
  const message = await fx.message(room);
  const secretMessage = await t.app.chat.writer.send({
    userId: fx.alice.id,
    clientId: randomUUID(),
    twId: room,
    body: `${secret} potassium 6.8`,
  });
  if (!secretMessage.ok) throw new Error('seeding the secret message failed');
  const file = await fx.sentFile(room);
  const upload = await fx.upload();
  const filter = await fx.filter();
  const { logId } = await fx.urgent(room);
  const own = await t.app.inject({
    method: 'POST',
    url: '/api/v1/chat-room',
    headers: { authorization: `Bearer ${fx.mallory.token}` },
    payload: { type: 'group', name: 'Mallory night shift', participants: [fx.carol.id] },
  });
  const ownRoom = own.json().data.chatRoom.id as string;
  const ownMessage = await fx.message(ownRoom, fx.mallory);
  const dutyRole = await fx.dutyRole();
  const scimUser = (await fx.fresh()).id;
  const scimGroup = (await fx.scimGroup()).id;
  // Break-glass grants on Alice's room (issue 27): the Admin's opens its reads to the fuzz; Mallory's (which no
  // route would give her) must open nothing, whatever she sends.
  await fx.breakGlass(fx.admin, room);
  await fx.breakGlass(fx.mallory, room);
  const doc = openApiDocument(t.app);
  const { DATA_DIR: dataDir } = t.config;
  const schema = t.schema;
  await t.close({ keepData: true });

  const port = await freePort();
  // A real OpenID provider, so the single sign-on routes are fuzzed configured (state, codes, logout tokens).
  const op = await startOidcProvider({ rpUrl: `http://127.0.0.1:${port}` });
  const server = startServerProcess({
    ...op.env,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Quiet, except what goes wrong (a 5xx logs at error).
    LOG_LEVEL: 'warn',
    // The fuzz is thousands of calls from one user; the limits have their own tests.
    RATE_LIMIT_MAX: '1000000',
    LOGIN_RATE_LIMIT: '1000000',
    // Each call names its own client address, so the per-IP limits of the sign-in routes stay out of the way.
    TRUST_PROXY: 'true',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
  });
  await untilAnswering(server, `http://127.0.0.1:${port}`);

  return {
    base: `http://127.0.0.1:${port}`,
    server,
    doc,
    tokens: {
      mallory: fx.mallory.token,
      admin: fx.admin.token,
      bob: fx.bob.token,
      carol: fx.carol.token,
      scim: fx.scimToken,
    },
    ids: {
      alice: fx.alice.id,
      bob: fx.bob.id,
      mallory: fx.mallory.id,
      room,
      message: message.id,
      file,
      upload,
      filter,
      log: logId,
      ownRoom,
      ownMessage: ownMessage.id,
      dutyRole,
      scimUser,
      scimGroup,
    },
    secrets: [secret, room, message.id, secretMessage.message.id, file, upload, filter, logId],
    stop: async () => {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await op.stop();
      await dropStore(dataDir, schema);
    },
  };
}

/** The process still runs and answers: no crash, no restart. */
export async function assertAlive(world: FuzzWorld): Promise<string | null> {
  if (world.server.child.exitCode !== null || world.server.child.signalCode !== null) {
    return `the server process exited (${world.server.child.exitCode ?? world.server.child.signalCode}):\n${world.server.output().slice(-3000)}`;
  }
  const res = await fetch(`${world.base}/healthz`).catch((e: Error) => e);
  if (res instanceof Error || res.status !== 200) return `the server does not answer /healthz: ${String(res)}`;
  return null;
}

/** The start-up line is logged at info; at warn the process is ready once /healthz answers. */
async function untilAnswering(server: ServerProcess, base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${base}/healthz`).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > deadline || server.child.exitCode !== null) {
      throw new Error(`server did not start:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
