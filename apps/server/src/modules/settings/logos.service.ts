import { Readable } from 'node:stream';
import type { TLogoKind } from '@rounds/contracts/settings';
import type { Engine } from '../../db/database';
import type { FileStore } from '../../lib/file-store';
import { newId } from '../../lib/ids';
import { changeSettings, type SettingsActor, type SettingsDeps } from './admin-settings.service';
import { lockSetting, readSettings, writeSetting } from './settings.service';

export const LOGO_EXT = {
  'image/png': 'png',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
} as const;
export type TLogoType = keyof typeof LOGO_EXT;

/**
 * Uploaded logos are kept in the file store (lib/file-store.ts: local disk or S3, so every server process serves
 * them) under a new name each time: the URL changes with the logo, so no browser shows a cached old one and the
 * file itself can be cached for ever. Shipped defaults keep their own names (assets/logos).
 */
export const UPLOADED_LOGO = /^logo-[0-9a-f]{24}\.(png|gif|jpg|svg)$/;

/** POST /setting/logos: stores the file, points the logo kind at it, then drops the file it replaced. */
export async function saveLogo(
  deps: SettingsDeps & { engine: Engine; files: Pick<FileStore, 'put' | 'remove'> },
  actor: SettingsActor,
  o: { kind: TLogoKind; bytes: Buffer; type: TLogoType },
): Promise<{ url: string }> {
  const file = `logo-${newId()}.${LOGO_EXT[o.type]}`;
  await deps.files.put(file, Readable.from([o.bytes]));
  let previous: string | undefined;
  let appSettings: Awaited<ReturnType<typeof changeSettings>>;
  try {
    appSettings = await changeSettings(
      deps,
      actor,
      { event: 'logo changed', details: { kind: o.kind, type: o.type, size: o.bytes.length } },
      async (trx) => {
        // Two uploads of different kinds at once must not lose one.
        await lockSetting(trx, deps.engine, 'logos');
        const { logos } = await readSettings(trx);
        previous = logos[o.kind];
        await writeSetting(trx, 'logos', { ...logos, [o.kind]: file });
      },
    );
  } catch (err) {
    await deps.files.remove(file).catch(() => undefined);
    throw err;
  }
  // The same file may serve another kind too (never today: each upload has its own name); keep it if so.
  const stillUsed = previous && Object.values((await readSettings(deps.db)).logos).includes(previous);
  if (previous && UPLOADED_LOGO.test(previous) && !stillUsed) await deps.files.remove(previous).catch(() => undefined);
  return { url: appSettings[o.kind] };
}
