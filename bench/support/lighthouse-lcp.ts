import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@rounds/test-kit/server-process';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM } from '../../e2e/support/chromium';

export type TLcp = { path: string; lcpMs: number; fcpMs: number; score: number };

/**
 * Lighthouse's mobile profile (its defaults: a mid-range phone on slow 4G, simulated throttling) on Debian's
 * Chromium, one run per path. `/login` is measured signed out; then `signIn` runs in the same browser profile
 * and the other paths load signed in (Lighthouse keeps the profile's storage and cookies; the HTTP cache is
 * emptied before each run, so every path loads as on a first visit). With LIGHTHOUSE_REPORTS=DIR each run's
 * full report is saved there (JSON, for Lighthouse's viewer).
 */
export async function mobileLcp(
  baseUrl: string,
  o: { signedOut: string[]; signedIn: string[]; signIn: (page: Page) => Promise<void> },
): Promise<TLcp[]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'rounds-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    headless: true,
    baseURL: baseUrl,
    args: [...CHROMIUM.args, `--remote-debugging-port=${port}`],
  });
  const results: TLcp[] = [];
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  const run = async (path: string) => {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await lighthouse(`${baseUrl}${path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (reports && result) {
      writeFileSync(
        join(reports, `lighthouse${path.replaceAll('/', '-') || '-root'}.json`),
        JSON.stringify(result.lhr),
      );
    }
    const audits = result?.lhr.audits;
    const lcp = audits?.['largest-contentful-paint']?.numericValue;
    const fcp = audits?.['first-contentful-paint']?.numericValue;
    if (lcp === undefined || fcp === undefined) {
      throw new Error(`Lighthouse found no LCP on ${path}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
    }
    results.push({ path, lcpMs: lcp, fcpMs: fcp, score: result?.lhr.categories.performance?.score ?? 0 });
  };
  try {
    for (const path of o.signedOut) await run(path);
    const page = context.pages()[0] ?? (await context.newPage());
    await o.signIn(page);
    for (const path of o.signedIn) await run(path);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}
