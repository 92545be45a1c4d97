import './texts';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Db, type DbHandle, migrateToLatest, openDatabase } from './db/database';
import { WEB_DIST_DIR } from './install-paths';
import { callsSweep } from './jobs/calls-sweep';
import { escalationSteps } from './jobs/escalation-steps';
import { escalationSweep } from './jobs/escalation-sweep';
import { notificationWorker } from './jobs/notification-worker';
import { retentionSweep } from './jobs/retention-sweep';
import { roleRoomsSweep } from './jobs/role-rooms-sweep';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { uploadsCleanup } from './jobs/uploads-cleanup';
import { urgentRepeat } from './jobs/urgent-repeat';
import { invalidField } from './lib/errors';
import { type FileStore, localFileStore, s3FileStore } from './lib/file-store';
import { createMessageCrypto } from './lib/message-crypto';
import { privateDataDir } from './lib/private-files';
import { accountRoutes } from './modules/accounts/account.routes';
import { type AccountService, createAccountService, deleteAvatar, setAvatar } from './modules/accounts/account.service';
import { ensureFirstAdmin } from './modules/accounts/first-admin';
import { type AdminService, createAdminService } from './modules/admin/admin.service';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { referenceMembersRoutes } from './modules/admin/reference-members';
import { userPermissionsRoutes } from './modules/admin/user-permissions.routes';
import { userLogsRoutes } from './modules/audit/user-logs.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthService, createAuthService } from './modules/auth/auth.service';
import { type Captcha, createCaptcha } from './modules/auth/captcha.service';
import { queueSetPasswordInvites } from './modules/auth/set-password-invites';
import { callsRoutes } from './modules/calls/calls.routes';
import { type CallsService, createCallsService } from './modules/calls/calls.service';
import { installCallsSocket } from './modules/calls/calls.socket';
import { createJanusMedia, type JanusMedia } from './modules/calls/janus/janus-media';
import { installJanusSocket } from './modules/calls/janus/janus-socket';
import { chatRoutes } from './modules/chat/chat.routes';
import { installChatSocket } from './modules/chat/chat.socket';
import { createMessageWriter, type MessageWriter } from './modules/chat/message-writer';
import { createMessagesService, type MessagesService } from './modules/chat/messages.service';
import {
  createPriorityService,
  type PriorityDeps,
  type PriorityService,
  queueEscalationSms,
} from './modules/chat/priority.service';
import { createRoomsService, type RoomsService } from './modules/chat/rooms.service';
import { uploadsRoutes } from './modules/chat/uploads.routes';
import { createUploadsService, type UploadsService } from './modules/chat/uploads.service';
import { type BreakGlassService, createBreakGlassService } from './modules/compliance/break-glass.service';
import { complianceRoutesPlugin } from './modules/compliance/compliance.routes';
import { createExportService, type ExportService } from './modules/compliance/export.service';
import { createHoldsService, type HoldsService } from './modules/compliance/holds.service';
import { createRetentionService, type RetentionService } from './modules/compliance/retention.service';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { createDirectory, type Directory } from './modules/contacts/staff-directory';
import { healthRoutes } from './modules/health/health.routes';
import { deviceSessionsRoutes } from './modules/identity/device-sessions.routes';
import { mfaRoutesPlugin } from './modules/identity/mfa.routes';
import { type MfaDeps, secondStep } from './modules/identity/mfa.service';
import { quickUnlockRoutes } from './modules/identity/quick-unlock.routes';
import { scimRoutesPlugin } from './modules/identity/scim.routes';
import { scimTokenRoutesPlugin } from './modules/identity/scim-tokens.routes';
import { createSsoDeps } from './modules/identity/sso.deps';
import { ssoRoutes } from './modules/identity/sso.routes';
import { type SsoDeps, endSessionUrl as ssoEndSessionUrl } from './modules/identity/sso.service';
import { createNotificationJobs, type NotificationJobs } from './modules/notify/notification-jobs.store';
import { createNotifier, type Notifier } from './modules/notify/notify.service';
import { outboxRoutes } from './modules/notify/outbox.routes';
import { createSmsBudget, type SmsBudget, withSmsLedger } from './modules/notify/sms-budget';
import { smsUsageRoutes } from './modules/notify/sms-usage.routes';
import { createDutyHoldsService, type DutyHoldsService } from './modules/on-call/duty-holds.service';
import { createDutyRolesService, type DutyRolesService, peopleOnDuty } from './modules/on-call/duty-roles.service';
import { createDutyScheduleService, type DutyScheduleService } from './modules/on-call/duty-schedule.service';
import { createEscalationService, type EscalationService } from './modules/on-call/escalation.service';
import { onCallHttpRoutes } from './modules/on-call/on-call.routes';
import { createRoleRoomService, type RoleRoomService } from './modules/on-call/role-room.service';
import { type Presence, startPresence } from './modules/presence/presence.service';
import { installPresenceSocket } from './modules/presence/presence.socket';
import { pushRoutesPlugin } from './modules/push/push.routes';
import { createPushService, type PushService } from './modules/push/push.service';
import { referenceRoutes } from './modules/reference/reference.routes';
import { assertClassifications, type Classifications } from './modules/reference/reference.service';
import { createBlindIndex } from './modules/search/blind-index';
import { searchRoutesPlugin } from './modules/search/search.routes';
import { createSearchService, type SearchService } from './modules/search/search.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { ensureDefaultSettings } from './modules/settings/settings.service';
import { speechRoutes } from './modules/speech/speech.routes';
import { installSpeechSocket, type SpeechService } from './modules/speech/speech.socket';
import { seedDemo } from './ops/seed-demo';
import { enrolDemoFactors } from './ops/seed-demo-factors';
import { installAuth } from './plugins/auth';
import { clientErrorHandler, routerErrorHandler } from './plugins/client-error';
import { installCompression } from './plugins/compression';
import { installErrorHandler } from './plugins/error-handler';
import { installInputGuard } from './plugins/input-guard';
import { loggerOptions } from './plugins/logging';
import { createMetrics, installMetrics, type Metrics } from './plugins/metrics';
import { installOpenApi } from './plugins/openapi';
import { installSecurity } from './plugins/security';
import { installWebApp } from './plugins/web-app';
import { createPublisher, disconnectSessions, dropDelayedCloses, type Publish } from './realtime/publish';
import { createSocketEvents, type SocketEvents } from './realtime/socket-handler';
import {
  createSocketServer,
  installConnectionEvents,
  type RealtimeServer,
  visibleUsers,
} from './realtime/socket-server';

// Module augmentation needs `interface`; this is the one place it is used.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    engine: DbHandle['engine'];
    io: RealtimeServer;
    publish: Publish;
    /** Client socket events: register handlers with app.socketEvents.on(event, handler). */
    socketEvents: SocketEvents;
    notifier: Notifier;
    /** SMS and email owed after commits (enqueue in the transaction, wake after it). */
    notificationJobs: NotificationJobs;
    smsBudget: SmsBudget;
    captcha: Captcha;
    presence: Presence;
    directory: Directory;
    /** Administration's actions on users, their permissions and classifications (modules/admin). */
    admin: AdminService;
    metrics: Metrics;
    speech: SpeechService;
    /** Where files live (lib/file-store.ts): chat uploads and uploaded logos. */
    files: FileStore;
    /** Background jobs (jobs/): started when the app is ready, stopped when it closes. */
    jobs: { runner: JobRunner; notifications: ReturnType<typeof notificationWorker> };
    calls: CallsService;
    /** Web Push: subscriptions, who is pushed, repeat until acknowledged (modules/push). */
    push: PushService;
    /** Calls' media through Janus when JANUS_URL is set (modules/calls/janus); null for the browser mesh. */
    callMedia: JanusMedia | null;
    /** On-call duty roles (modules/on-call): the roles, who holds them by hand, their schedules. */
    onCall: {
      roles: DutyRolesService;
      holds: DutyHoldsService;
      schedule: DutyScheduleService;
      /** A role's conversation: its room follows its holders; sends there speak as the role (issue 25). */
      roleRooms: RoleRoomService;
      /** Escalation policies and the chains URGENT messages to a role run (issue 25). */
      escalation: EscalationService;
      /** Who holds any duty role at an instant: "on shift" for a filter used as a recipient list. */
      onDutyAt: (at: number) => Promise<Set<string>>;
    };
    chat: {
      rooms: RoomsService;
      messages: MessagesService;
      writer: MessageWriter;
      uploads: UploadsService;
      priority: PriorityService;
    };
    /** Message search: the blind index written with each message, and the queries (modules/search). */
    messageSearch: SearchService;
    /** Retention and legal hold (modules/compliance): the policy and its sweep, the holds, break-glass access, export for counsel. */
    compliance: {
      retention: RetentionService;
      holds: HoldsService;
      breakGlass: BreakGlassService;
      exports: ExportService;
    };
    /** Single sign-on with OpenID Connect (modules/identity/sso); its client is null when not configured. */
    sso: SsoDeps;
    /** Multi-factor sign-in's dependencies (modules/identity/mfa.service): seeds sealed with the message key. */
    mfa: MfaDeps;
    /** Signing in and out, registering and its code steps, password reset (modules/auth, one file per action). */
    auth: AuthService;
    /** The signed-in user's own account: profile, password, contact changes, avatar (modules/accounts). */
    accounts: AccountService;
  }
}

export type BuildOptions = {
  /** PostgreSQL schema (tests give each file its own). */
  dbSchema?: string;
  logger?: boolean;
  /** Proof-of-work cost of the captcha (tests lower it). */
  captchaCost?: number;
  /** How long presence changes are gathered before they are told (modules/presence); tests lengthen it. */
  presenceTickMs?: number;
  /** Sees every route as it is added (the route table test finds which file registers each). */
  onRoute?: (route: RouteOptions) => void;
};

/**
 * Builds the whole server without listening: database (migrated, defaults stored, first Admin), plugins,
 * routes, realtime. main.ts listens; tests call this and use inject() or listen on port 0.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Time-ordered ids in logs too, so a request can be found next to its audit record.
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    // A body or headers trickled a byte at a time would otherwise hold a connection for ever: Node answers
    // 408 and closes once either takes too long, checked every second rather than every 30 s.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_SECONDS, config.REQUEST_TIMEOUT_SECONDS) * 1000,
      connectionsCheckingInterval: 1000,
    },
    clientErrorHandler,
    frameworkErrors: routerErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // DATA_DIR holds the database, secrets and files: the owner's only (docs/decisions.md "Files at rest").
  const shared = privateDataDir(config.DATA_DIR);
  if (shared.length > 0) app.log.warn({ paths: shared }, 'could not make these DATA_DIR paths private (0700/0600)');
  const handle = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    schema: options.dbSchema ?? config.DATABASE_SCHEMA,
  });
  app.decorate('config', config);
  app.decorate('db', handle.db);
  app.decorate('engine', handle.engine);
  app.addHook('onClose', async () => {
    await handle.close();
  });

  try {
    await migrateToLatest(handle.db, handle.schema);
    await ensureDefaultSettings(
      handle.db,
      config.SELF_REGISTRATION === undefined ? {} : { isSelfRegistrationEnabled: config.SELF_REGISTRATION },
    );
    await ensureFirstAdmin(handle.db, config, app.log);
    if (config.SEED_DEMO) {
      const result = await seedDemo(handle.db);
      if (result.created) app.log.info(`Demo hospital seeded with ${result.users} staff`);
      await enrolDemoFactors(
        {
          db: handle.db,
          jwtSecret: config.JWT_SECRET,
          crypto: createMessageCrypto(config.MESSAGE_KEY),
          publicUrl: config.PUBLIC_URL,
        },
        config,
        app.log,
      );
    }
  } catch (error) {
    await handle.close();
    throw error;
  }

  installErrorHandler(app);
  await installSecurity(app, config);
  await installCompression(app);
  await app.register(cookie);
  // Per-route limits are tighter (avatars 2 MB); this is the ceiling for any upload.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 20 } });
  // RFC 2046 caps a multipart boundary at 70 characters; busboy throws past 252, which would be a 500.
  app.addHook('onRequest', async (req) => {
    const type = req.headers['content-type'];
    if (!type?.toLowerCase().startsWith('multipart/')) return;
    const boundary = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(type);
    if ((boundary?.[1] ?? boundary?.[2] ?? '').length > 70) {
      throw invalidField('body', 'multipartBoundaryTooLong', {}, 'BAD_REQUEST');
    }
  });
  installAuth(app);
  installInputGuard(app);
  const notifier = createNotifier(config, handle.db, app.log);
  app.decorate('notifier', withSmsLedger(notifier, handle.db));
  app.decorate('notificationJobs', createNotificationJobs(handle.db, handle.engine));
  app.decorate('smsBudget', createSmsBudget(config, handle.db));
  app.decorate('captcha', createCaptcha(config.JWT_SECRET, options.captchaCost, config.REDIS_URL));
  app.addHook('onClose', () => app.captcha.close());
  await installOpenApi(app);

  const { io, authority, limiter } = await createSocketServer(app, config);
  app.decorate('io', io);
  app.decorate('publish', createPublisher(io));
  app.decorate('socketEvents', createSocketEvents(app, { limiter, authority }));
  installConnectionEvents(app, app.socketEvents, authority);
  app.decorate('metrics', createMetrics());
  installMetrics(app, app.metrics);
  // Alone (no Redis), every other server row is a dead earlier run of this one: its presence is swept now.
  const presence = await startPresence(
    { db: handle.db, publish: app.publish, log: app.log },
    { alone: !config.REDIS_URL, tickMs: options.presenceTickMs },
  );
  app.decorate('presence', presence);
  installPresenceSocket(app);
  app.decorate('directory', createDirectory({ db: handle.db }));
  // Built while the process starts, not by the first clinician to open Contacts; /readyz waits for it.
  app.addHook('onReady', async () => {
    void app.directory
      .warm()
      .catch((err) => app.log.warn({ err }, 'staff directory: first build failed; /readyz tries again'));
  });
  const messageCrypto = createMessageCrypto(config.MESSAGE_KEY);
  app.decorate('mfa', {
    db: handle.db,
    jwtSecret: config.JWT_SECRET,
    crypto: messageCrypto,
    publicUrl: config.PUBLIC_URL,
  });
  // What signing in (auth) and the own account (accounts) both use; auth adds its own below.
  const accountDeps = {
    db: handle.db,
    io,
    publish: app.publish,
    notifier: app.notifier,
    config,
    assertClassifications: (c: Classifications) => assertClassifications({ db: handle.db }, c),
  };
  app.decorate(
    'auth',
    createAuthService({
      ...accountDeps,
      captcha: app.captcha,
      secondStep: (user, remember) => secondStep(app.mfa, user, remember),
      // SSO and calls are built further down; signing out reaches them only when it runs.
      ssoEndSessionUrl: (sessionId) => ssoEndSessionUrl(app.sso, sessionId),
      leaveCalls: (userId) => app.calls.leaveAll(userId),
    }),
  );
  app.decorate('accounts', createAccountService(accountDeps));
  app.decorate(
    'sso',
    createSsoDeps(config, {
      db: handle.db,
      io,
      crypto: messageCrypto,
      log: app.log,
      openSession: app.auth.openSession,
    }),
  );
  app.decorate(
    'push',
    createPushService({
      db: handle.db,
      engine: handle.engine,
      config,
      jobs: app.notificationJobs,
      publish: app.publish,
      crypto: messageCrypto,
      visibleUsers: (userIds) => visibleUsers(io, userIds),
      log: app.log,
    }),
  );
  app.decorate(
    'files',
    config.S3_BUCKET
      ? await s3FileStore({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        })
      : localFileStore(join(config.DATA_DIR, 'files'), config.MESSAGE_KEY),
  );
  app.decorate(
    'messageSearch',
    createSearchService({ db: handle.db, index: createBlindIndex(config.SEARCH_KEY), crypto: messageCrypto }),
  );
  // Calls before chat: a room's members and its live call go together (rooms drop members from the call).
  app.decorate(
    'callMedia',
    config.JANUS_URL
      ? createJanusMedia({
          url: config.JANUS_URL,
          jwtSecret: config.JWT_SECRET,
          publish: app.publish,
          // The calls service is built from this one: reached when a feed is announced or swept.
          liveCall: (twId) => app.calls.liveCall(twId),
          log: app.log,
        })
      : null,
  );
  app.decorate(
    'calls',
    createCallsService({
      db: handle.db,
      crypto: messageCrypto,
      publish: app.publish,
      config,
      connectedUsers: presence.connectedUsers,
      push: app.push,
      media: app.callMedia,
      log: app.log,
    }),
  );
  // Chat reaches on-call and compliance, built after it, only when it is called.
  const priorityDeps: PriorityDeps = {
    db: handle.db,
    engine: handle.engine,
    crypto: messageCrypto,
    publish: app.publish,
    publicUrl: config.PUBLIC_URL,
    escalateAfterMs: config.URGENT_ESCALATION_SECONDS * 1000,
    smsBudget: app.smsBudget,
    notificationJobs: app.notificationJobs,
    push: app.push,
    escalation: {
      start: (trx, m, now) => app.onCall.escalation.start(trx, m, now),
      acknowledged: (trx, messageId, userId, now) => app.onCall.escalation.acknowledged(trx, messageId, userId, now),
      announce: (moved) => app.onCall.escalation.announce(moved),
    },
  };
  const uploads = createUploadsService({ db: handle.db, files: app.files, log: app.log });
  app.decorate('chat', {
    rooms: createRoomsService({
      db: handle.db,
      crypto: messageCrypto,
      publish: app.publish,
      connectedUsers: presence.connectedUsers,
      dropCallMembers: app.calls.dropMembers,
      closeRoomCall: app.calls.closeRoom,
    }),
    messages: createMessagesService({
      db: handle.db,
      crypto: messageCrypto,
      publish: app.publish,
      forgetIndexed: app.messageSearch.forgetMessages,
      keepsMessage: (trx, messageId) => app.compliance.holds.keepsMessage(trx, messageId),
      forgetFiles: uploads.forgetMessage,
    }),
    writer: createMessageWriter({
      ...priorityDeps,
      indexMessages: app.messageSearch.indexMessages,
      roleVoices: (trx, roleIds, now) => app.onCall.roleRooms.voices(trx, roleIds, now),
      metrics: app.metrics,
      log: app.log,
    }),
    priority: createPriorityService(priorityDeps),
    uploads,
  });
  // After chat: break-glass reads through chat's read paths (chat reaches holds only when called).
  app.decorate('compliance', {
    retention: createRetentionService({
      db: handle.db,
      search: app.messageSearch,
      files: app.files,
      crypto: messageCrypto,
      log: app.log,
    }),
    holds: createHoldsService({ db: handle.db }),
    breakGlass: createBreakGlassService({
      db: handle.db,
      publish: app.publish,
      crypto: messageCrypto,
      messages: app.chat.messages,
      uploads: app.chat.uploads,
    }),
    exports: createExportService({ db: handle.db, files: app.files, crypto: messageCrypto, log: app.log }),
  });
  const roleRooms = createRoleRoomService({ db: handle.db, rooms: app.chat.rooms });
  const onCallDeps = {
    db: handle.db,
    publish: app.publish,
    // The change is committed; a room that fails to follow now is mended by the sweep within seconds.
    holdersChanged: (roleId: string) =>
      roleRooms.holdersChanged(roleId).catch((err) => app.log.warn({ err, roleId }, 'role room sync failed')),
  };
  app.decorate('onCall', {
    roles: createDutyRolesService(onCallDeps),
    holds: createDutyHoldsService(onCallDeps),
    schedule: createDutyScheduleService(onCallDeps),
    roleRooms,
    onDutyAt: (at: number) => peopleOnDuty(handle.db, at),
    escalation: createEscalationService({
      ...onCallDeps,
      engine: handle.engine,
      minuteMs: config.ESCALATION_MINUTE_MS,
      crypto: messageCrypto,
      pushEscalated: (m, userIds) => app.push.escalated(m, userIds),
      textEscalated: (trx, m, userIds, now) => queueEscalationSms(priorityDeps, trx, m, userIds, now),
      wakeNotifications: () => app.notificationJobs.wake(),
    }),
  });
  // Calls and speech are built further down: reached through app when an action runs, never at build time.
  app.decorate(
    'admin',
    createAdminService({
      db: handle.db,
      publish: app.publish,
      disconnectSessions: (sessionIds, delayMs) => disconnectSessions(io, sessionIds, delayMs),
      connectedUsers: presence.connectedUsers,
      notificationJobs: app.notificationJobs,
      queueSetPasswordInvites: (trx, users, ip, o) => queueSetPasswordInvites(app, trx, users, ip, o),
      holderDeactivated: (actorId, userId) => app.onCall.escalation.holderDeactivated(actorId, userId),
      leaveAllCalls: (userId) => app.calls.leaveAll(userId),
      speechPermissionRevoked: (userIds) => app.speech.permissionRevoked(userIds),
      setAvatar: (userId, bytes, type, ctx) => setAvatar(app, userId, bytes, type, ctx),
      deleteAvatar: (userId, ctx) => deleteAvatar(app, userId, ctx),
    }),
  );
  const notifications = notificationWorker({
    jobs: app.notificationJobs,
    pushJob: (job, signal) => app.push.handle(job, signal),
    sendMessage: (job, signal) => app.notifier.send(job, signal),
    outboxEntry: (job) => app.notifier.outboxEntry(job),
    config,
    log: app.log,
  });
  const runner = createJobRunner(app.log, [
    notifications,
    escalationSweep({ priority: app.chat.priority, escalationSeconds: config.URGENT_ESCALATION_SECONDS }),
    escalationSteps(() => app.onCall.escalation.fireDue(), config.ESCALATION_MINUTE_MS),
    urgentRepeat({ push: app.push, repeatSeconds: config.URGENT_REPEAT_SECONDS }),
    uploadsCleanup(app.chat.uploads),
    callsSweep(app.calls),
    retentionSweep(() => app.compliance.retention.sweepIfDue()),
    roleRoomsSweep(() => app.onCall.roleRooms.sweepIfDue()),
  ]);
  app.decorate('jobs', { runner, notifications });
  app.addHook('onReady', async () => runner.start());
  // Before the database closes: sends under way are let go (their rows are claimed again later), never lost.
  app.addHook('preClose', () => runner.stop());
  installChatSocket(app);
  // Closed after the jobs stop, as it always was.
  if (app.callMedia) app.addHook('preClose', () => app.callMedia!.close());
  installCallsSocket(app);
  installJanusSocket(app);
  // The second socket (speech to text) at its own path on the same HTTP server.
  app.decorate('speech', installSpeechSocket(app, config));
  app.addHook('preClose', async () => {
    // Stop accepting sockets and tell clients to reconnect elsewhere; HTTP drains through Fastify's close.
    dropDelayedCloses(io);
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await presence.stop();
  });

  await app.register(healthRoutes);
  await app.register(settingsRoutes);
  await app.register(accountRoutes);
  await app.register(authRoutes);
  await app.register(deviceSessionsRoutes);
  await app.register(quickUnlockRoutes);
  await app.register(ssoRoutes);
  await app.register(mfaRoutesPlugin);
  await app.register(scimTokenRoutesPlugin);
  await scimRoutesPlugin(app);
  await app.register(outboxRoutes);
  await app.register(smsUsageRoutes);
  await app.register(referenceRoutes);
  await app.register(contactsRoutes);
  await app.register(chatRoutes);
  await app.register(uploadsRoutes);
  await app.register(searchRoutesPlugin);
  await app.register(complianceRoutesPlugin);
  await app.register(speechRoutes);
  await app.register(callsRoutes);
  await app.register(pushRoutesPlugin);
  await app.register(userPermissionsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(referenceMembersRoutes);
  await app.register(userLogsRoutes);
  await app.register(onCallHttpRoutes);
  await installWebApp(app, config.WEB_DIST ?? WEB_DIST_DIR);

  return app;
}
