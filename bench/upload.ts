import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { routeUrl } from '@rounds/contracts/api-route';
import { chatFileRoutes } from '@rounds/contracts/chat-files';
import { routeReply } from '@rounds/test-kit/route-fetch';
import { fmt, signIn, startBenchServer } from './support/server';

/**
 * bench/upload: a 10 MB image up and down through the real server (encrypted on local disk), and the server's
 * memory while 20 such uploads run at once. Streaming keeps memory flat: 20 buffered uploads would need
 * 200 MB more.
 */
const SIZE = 10 * 1024 * 1024 - 4096;
const PARALLEL = 20;
const ADMIN = { email: 'bench@rounds.local', password: 'Bench12345' };

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
};

// A PNG signature, then noise: typed as an image by its bytes, incompressible like a photo.
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(SIZE - 8)]);

const server = await startBenchServer({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_MAX: '1000000',
});
try {
  const token = await signIn(server.url, ADMIN.email, ADMIN.password);
  const upload = async () => {
    const form = new FormData();
    form.append('files', new Blob([png], { type: 'image/png' }), 'scan.png');
    return (await routeReply(server.url, chatFileRoutes.uploadImages, { token, form })).data.files[0]!.Key;
  };
  // The file's bytes, not JSON: a raw fetch on the URL its descriptor gives.
  const download = async (key: string) => {
    const res = await fetch(`${server.url}${routeUrl(chatFileRoutes.file)}?${new URLSearchParams({ key })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (!bytes.equals(png)) throw new Error('downloaded bytes differ');
  };

  await download(await upload()); // warm up
  const mb = SIZE / 1024 / 1024;
  const ups: number[] = [];
  const downs: number[] = [];
  let key = '';
  for (let i = 0; i < 5; i += 1) {
    let t0 = performance.now();
    key = await upload();
    ups.push(mb / ((performance.now() - t0) / 1000));
    t0 = performance.now();
    await download(key);
    downs.push(mb / ((performance.now() - t0) / 1000));
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`\nOne 10 MB image (encrypted at rest on local disk), median of 5`);
  console.log(`  upload ${fmt(median(ups))} MB/s, download ${fmt(median(downs))} MB/s`);

  const idle = rssMb(server.pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 20);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: PARALLEL }, () => upload()));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  console.log(`\n${PARALLEL} uploads of 10 MB at once`);
  console.log(`  ${fmt(seconds)} s in all, ${fmt((PARALLEL * mb) / seconds)} MB/s together`);
  console.log(
    `  server memory: ${fmt(idle)} MB before, ${fmt(peak)} MB at peak, +${fmt(peak - idle)} MB (buffering them would take +${fmt(PARALLEL * mb)} MB)`,
  );
  console.log(
    `  flat: ${peak - idle < PARALLEL * mb * 0.25 ? 'yes' : 'NO'} (grows by less than a quarter of the data in flight)`,
  );
} finally {
  await server.stop();
}
