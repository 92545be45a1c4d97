import type { TApiRoute } from '@rounds/contracts/api-route';
import { scimRoutes, scimTokenRoutes } from '@rounds/contracts/scim';
import { routeFetch, routeReply, type TFetchInput } from '@rounds/test-kit/route-fetch';
import { fmt, percentile, signIn, startBenchServer } from './support/server';

/**
 * bench/scim: the hospital's directory provisioning its staff through SCIM 2.0 (issue 26). 20,000 users, each
 * created (POST /Users) and then changed as Entra ID does after creation (PATCH with "Replace" operations: a
 * title, the enterprise department, a phone number), at a steady rate against a started server on SQLite.
 * Prints users per second and the latency per request. Target: all 20,000 in under 10 minutes, p99 under 100 ms.
 *
 * SCIM_BENCH_USERS and SCIM_BENCH_RATE (users per second, default 35: 20,000 in 9.5 minutes) change the run.
 */
const ADMIN = { email: 'bench@rounds.local', password: 'Bench12345' };
const USERS = Number(process.env.SCIM_BENCH_USERS ?? 20_000);
const RATE = Number(process.env.SCIM_BENCH_RATE ?? 35);
/** Requests under way at most; a slower server makes the run late rather than piling requests up. */
const IN_FLIGHT = 32;
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

const server = await startBenchServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

try {
  const adminToken = await signIn(server.url, ADMIN.email, ADMIN.password);
  const made = await routeReply(server.url, scimTokenRoutes.create, { token: adminToken, body: { label: 'bench' } });
  const secret = made.data.secret;

  const posts: number[] = [];
  const patches: number[] = [];
  let failed = 0;
  const timed = async <R extends TApiRoute>(into: number[], route: R, input: TFetchInput<R>) => {
    const t0 = performance.now();
    const res = await routeFetch(server.url, route, { ...input, token: secret });
    into.push(performance.now() - t0);
    if (res.status >= 300) {
      failed += 1;
      if (failed <= 5) console.error(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(res.body)}`);
      return undefined;
    }
    return res.body as { id?: string };
  };

  const provision = async (i: number) => {
    const userName = `staff${String(i).padStart(5, '0')}@hospital.test`;
    const created = await timed(posts, scimRoutes.createUser, {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
        userName,
        externalId: `emp-${i}`,
        name: { givenName: 'Staff', familyName: `Member${i}` },
        emails: [{ value: userName, type: 'work', primary: true }],
        active: true,
      },
    });
    if (!created?.id) return;
    await timed(patches, scimRoutes.patchUser, {
      params: { id: created.id },
      body: {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'title', value: 'Registered nurse' },
          { op: 'Add', path: 'phoneNumbers[type eq "work"].value', value: `+1555${String(i).padStart(7, '0')}` },
          { op: 'Replace', value: { [`${ENTERPRISE}:employeeNumber`]: String(i) } },
        ],
      },
    });
  };

  // Open loop at a steady rate: user i starts at i / RATE seconds, unless IN_FLIGHT are still under way.
  const start = performance.now();
  const running = new Set<Promise<void>>();
  let late = 0;
  for (let i = 0; i < USERS; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else if (wait < -1000) late += 1;
    while (running.size >= IN_FLIGHT) await Promise.race(running);
    const p = provision(i).finally(() => running.delete(p));
    running.add(p);
    if ((i + 1) % 2000 === 0) {
      const s = (performance.now() - start) / 1000;
      console.log(`  ${i + 1} users started after ${fmt(s)} s`);
    }
  }
  await Promise.all(running);
  const seconds = (performance.now() - start) / 1000;

  const all = [...posts, ...patches].sort((a, b) => a - b);
  posts.sort((a, b) => a - b);
  patches.sort((a, b) => a - b);
  const p99 = percentile(all, 99);
  const line = (name: string, xs: number[]) =>
    `  ${name}: p50 ${fmt(percentile(xs, 50))} ms, p99 ${fmt(percentile(xs, 99))} ms, max ${fmt(xs.at(-1) ?? Number.NaN)} ms (${xs.length})`;
  console.log('bench/scim (SQLite)');
  console.log(`  ${USERS} users provisioned (POST then PATCH) in ${fmt(seconds)} s at a target of ${RATE} users/s`);
  console.log(
    `  ${fmt(USERS / seconds)} users per second, ${fmt((posts.length + patches.length) / seconds)} requests per second`,
  );
  console.log(line('POST /Users', posts));
  console.log(line('PATCH /Users/:id', patches));
  console.log(line('all requests', all));
  console.log(`  failed requests: ${failed}; users started over 1 s late: ${late}`);
  console.log(
    `  target 20,000 in under 10 minutes and p99 < 100 ms: ${USERS >= 20_000 && seconds < 600 && p99 < 100 && failed === 0 ? 'met' : 'NOT met'}`,
  );
} finally {
  await server.stop();
}
