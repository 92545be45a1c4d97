import { timingSafeEqual } from 'node:crypto';
import { SERVER_EVENTS } from '@rounds/contracts/events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { outboxDepth, pendingEscalations, pendingNotificationJobs } from '../modules/health/queue-depths.store';

/**
 * What the server measures, in one registry per app (tests build several apps in one process). Most values
 * are observed where they happen; the database depths are read when Prometheus scrapes.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process figures: CPU, memory, GC, handles, and event-loop lag (nodejs_eventloop_lag_*_seconds).
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Histogram({
      name: 'rounds_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status, with their time to answer.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    messagesAccepted: new Counter({
      name: 'rounds_messages_accepted_total',
      help: 'Messages stored and acknowledged to their senders (resends of a stored client id not counted).',
      registers: [registry],
    }),
    callSignalsDropped: new Counter({
      name: 'rounds_call_signals_dropped_total',
      help: 'Call signalling refused because sender or recipient is not an accepted participant on that tab.',
      registers: [registry],
    }),
    messagesDelivered: new Counter({
      name: 'rounds_messages_delivered_total',
      help: 'NewMessage events written to sockets connected to this process (one per message and tab).',
      registers: [registry],
    }),
    commitBatchSize: new Histogram({
      name: 'rounds_commit_batch_size',
      help: 'Sends written by one group-commit transaction.',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers: [registry],
    }),
    commitSeconds: new Histogram({
      name: 'rounds_commit_duration_seconds',
      help: 'Time of one group-commit transaction, durable commit (fsync) included.',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Loopback peers, as Node reports them for IPv4, IPv6 and IPv4-mapped IPv6. */
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * /metrics is for the operator's Prometheus, never for users: it names routes, counts and sizes. Readable by
 * a direct connection from this machine (the TCP peer is loopback and no proxy header is present, so a
 * request relayed by a local reverse proxy does not qualify) or with `Authorization: Bearer $METRICS_TOKEN`.
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const header = req.headers.authorization;
  if (token && header?.startsWith('Bearer ')) {
    const given = Buffer.from(header.slice(7));
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.test(req.socket.remoteAddress ?? '');
}

/**
 * Call once the socket server exists and before the routes are registered. Request timing for every route Fastify answers, labelled by route template (never the raw URL: ids would
 * make a series per room), plus the gauges read at scrape time and the /metrics route itself.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.httpRequests.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  new Gauge({
    name: 'rounds_sockets_connected',
    help: 'Sockets connected to this process.',
    registers: [metrics.registry],
    collect() {
      this.set(app.io.of('/').sockets.size);
    },
  });
  // The queues' depths, counted in the database at each scrape.
  const depths = [
    {
      name: 'rounds_outbox_depth',
      help: 'Notifications (email, SMS) held in the outbox table.',
      count: () => outboxDepth(app.db),
    },
    {
      name: 'rounds_notification_jobs_pending',
      help: 'SMS and email queued after commits and not sent yet (due, being tried, or waiting to be tried again).',
      count: () => pendingNotificationJobs(app.db),
    },
    {
      name: 'rounds_escalations_pending',
      help: 'URGENT messages waiting for their escalation (not yet due or due and not yet sent).',
      count: () => pendingEscalations(app.db),
    },
  ];
  for (const { name, help, count } of depths) {
    new Gauge({
      name,
      help,
      registers: [metrics.registry],
      async collect() {
        this.set(await count());
      },
    });
  }

  // Counted at the socket, so a message relayed from another process through Redis counts where it lands.
  app.io.on('connection', (socket) => {
    socket.onAnyOutgoing((event) => {
      if (event === SERVER_EVENTS.NewMessage) metrics.messagesDelivered.inc();
    });
  });

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (req, reply) => {
    if (!mayReadMetrics(req, app.config.METRICS_TOKEN)) {
      return reply.status(403).send({
        message: 'Metrics are readable from this machine or with the metrics token.',
        code: 'FORBIDDEN',
      });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
