import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/**
 * Debian's Chromium, never a downloaded one, with the flags this machine needs (no sandbox as root, nothing
 * fetched in the background). The journeys and the benches launch it through here.
 */
export const CHROMIUM: Pick<LaunchOptions, 'executablePath'> & { args: string[] } = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Launches it headless; `extraArgs` adds flags (fake media devices, call flags). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, ...extraArgs] });
}
