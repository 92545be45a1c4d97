import type { TPasskeyAssertion, TPasskeyRegistration } from '@rounds/contracts/mfa';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * The browser's side of a passkey ceremony (issue 26): @simplewebauthn/browser turns the server's options into
 * navigator.credentials calls and their answers into JSON. Loaded at the first ceremony, so the login page's
 * first download stays as it was.
 */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export async function createPasskey(options: Record<string, unknown>): Promise<TPasskeyRegistration> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return (await startRegistration({ optionsJSON: options as never })) as TPasskeyRegistration;
}

export async function assertPasskey(options: Record<string, unknown>): Promise<TPasskeyAssertion> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return (await startAuthentication({ optionsJSON: options as never })) as TPasskeyAssertion;
}

/**
 * What to tell the user after a ceremony failed: the server's words (already in their language), or why the
 * browser gave up: the prompt closed or timed out, a passkey this account already has, anything else.
 */
export function passkeyFailure(error: unknown, t: TFunction<'mfa'>): string {
  if (error instanceof ApiError) return error.message;
  const code = (error as { code?: string } | null)?.code;
  const name = (error as { name?: string } | null)?.name;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('passkeyExists');
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return t('passkeyCancelled');
  return t('passkeyFailed');
}

/**
 * The browser and system a passkey is made on ("Chrome", "Linux"), to name it in Settings until renamed: an
 * account's passkeys are told apart by the device that holds them. Null where the user agent says too little.
 */
/** A new passkey's name until renamed: its browser and system, else just "Passkey". */
export function passkeyLabel(t: TFunction<'mfa'>, userAgent = navigator.userAgent): string {
  const device = passkeyDevice(userAgent);
  return device ? t('passkeyLabelOn', device) : t('passkeyLabelDefault');
}

export function passkeyDevice(userAgent: string): { browser: string; system: string } | null {
  const pick = (pairs: [RegExp, string][]) => pairs.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = pick([
    [/Android/, 'Android'],
    [/iPhone|iPod/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Windows/, 'Windows'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ]);
  const browser = pick([
    [/Edg\//, 'Edge'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ]);
  return system && browser ? { browser, system } : null;
}
