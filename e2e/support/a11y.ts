import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { inLookMatrix } from './pages/looks';
import { untilStill } from './until-still';

const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

/** WCAG 2.2 level A and AA, as the issue and the outside audit measured them. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Scheme = 'light' | 'dark';

async function currentScheme(page: Page): Promise<Scheme> {
  const scheme = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  return scheme === 'dark' ? 'dark' : 'light';
}

/** Mantine's colours are CSS variables keyed on this attribute, so flipping it redraws the page in the other scheme. */
async function setScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate((s) => {
    document.documentElement.setAttribute('data-mantine-color-scheme', s);
    // Style and layout now, while transitions are held, so no colour is left to animate afterwards.
    void document.body.offsetHeight;
  }, scheme);
}

/**
 * Colour transitions (nav items, buttons) are switched off while the scheme is flipped for the audit: waiting
 * them out was not enough on a loaded machine, where axe read a nav label still in the old scheme's colour.
 */
async function holdTransitions(page: Page, hold: boolean): Promise<void> {
  await page.evaluate((on) => {
    document.getElementById('axe-no-transitions')?.remove();
    if (!on) return;
    const style = document.createElement('style');
    style.id = 'axe-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(style);
  }, hold);
}

/**
 * The rules a colour scheme can change: the other scheme redraws the same DOM in other colours, so names, roles,
 * structure and focus order were already checked in the first audit.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function audit(page: Page, label: string, colourOnly = false): Promise<string[]> {
  // In the page itself (legacy mode): the default run opens a blank page per audit to merge frames' results, and
  // only violations are gathered. axe-core (half a megabyte) is evaluated once per page, not twice per audit, when
  // the page has no frame it would need to be injected into. Together they took the audits from half the journeys'
  // time to a fifth (docs/decisions.md "Journeys' looks").
  const injected = page.frames().length === 1 && (await page.evaluate(() => 'axe' in window));
  const builder = new AxeBuilder({ page, ...(injected ? { axeSource: ';' } : {}) })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  const results = await (colourOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(TAGS)).analyze();
  writeFileSync(join(ARTIFACTS, `${label}.axe.json`), JSON.stringify(results.violations, null, 2));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${label}] ${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
          .join('\n') +
        (v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : ''),
    );
}

/**
 * Runs axe-core (WCAG 2.2 AA) on the screen as it is, and its colour rules again in the other scheme, and fails
 * on any serious or critical violation. Called by snap(), so every screen a journey photographs is also audited; the full
 * findings (minor ones too) are written beside the screenshot as <label>-<scheme>.axe.json.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const start = await currentScheme(page);
  const other: Scheme = start === 'dark' ? 'light' : 'dark';
  // Transitions held for both audits: a row's hover or selection colour caught halfway is not a colour anyone
  // reads, and it failed a contrast check once (groups, 2.99:1 against a half-faded background).
  await holdTransitions(page, true);
  try {
    const failures = await audit(page, `${label}.${start}`);
    // Inside a look matrix (eachLook) the same screen is photographed, and fully audited, in the other scheme
    // too: a second colour audit here would only repeat that one (about a sixth of the journeys' time).
    if (!inLookMatrix()) {
      await setScheme(page, other);
      // The screen may have started loading again since the first audit (a CI run once audited the other scheme
      // while Contacts' list was dimmed for a new answer, 3.5:1): that scheme is audited once the screen is still.
      await untilStill(page);
      failures.push(...(await audit(page, `${label}.${other}`, true)));
    }
    if (failures.length > 0) throw new Error(`Accessibility (axe, WCAG 2.2 AA):\n${failures.join('\n')}`);
  } finally {
    await setScheme(page, start);
    await holdTransitions(page, false);
  }
}
