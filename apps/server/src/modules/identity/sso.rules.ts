import type { TRole } from '@rounds/contracts/common';
import { CALLING_CODES } from '@rounds/contracts/settings';

/**
 * What the hospital's provider says about a person, read from the ID token and userinfo claims (pure). The
 * hospital owns these fields: a later sign-in writes them again; what the user owns (theme, language, avatar,
 * status, preferences) is never read from the provider.
 */
export type SsoProfile = {
  subject: string;
  /** The provider's session, for back-channel logout. */
  sid: string | null;
  /** Lowercased; only an email the provider says it verified. */
  email: string;
  firstName: string;
  lastName: string;
  /** Only a phone the provider says it verified, in a calling code Rounds knows; null: leave it as it is. */
  phone: { phone: string; countryCode: string; countryName: string } | null;
  /** Reference names per kind; a kind whose claim is absent is not the provider's (left as it is). */
  reference: Partial<Record<SsoReferenceKind, string[]>>;
  /** From the groups claim through OIDC_ROLE_GROUPS; null when roles are not mapped (an Admin's to decide). */
  role: TRole | null;
};

export type SsoReferenceKind = 'facility' | 'department' | 'profession' | 'specialty';
export const SSO_REFERENCE_KINDS: readonly SsoReferenceKind[] = ['facility', 'department', 'profession', 'specialty'];

export type SsoMapping = {
  claims: Record<SsoReferenceKind | 'groups', string>;
  roleGroups: { role: TRole; groups: string[] }[];
};

const ROLE_RANK: TRole[] = ['Admin', 'FacilityAdmin', 'Regular'];

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A claim holding one name or a list of names (providers send either), trimmed, without duplicates. */
function names(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const list = Array.isArray(v) ? v : [v];
  return [
    ...new Set(
      list
        .map(text)
        .filter((n): n is string => n !== null)
        .map((n) => n.slice(0, 200)),
    ),
  ];
}

/** +15551234567 -> the longest calling code Rounds offers that prefixes it, and the digits after it. */
export function splitPhone(e164: string): SsoProfile['phone'] {
  const compact = e164.replace(/[\s().-]/g, '');
  if (!/^\+\d{4,20}$/.test(compact)) return null;
  const code = [...CALLING_CODES].sort((a, b) => b.code.length - a.code.length).find((c) => compact.startsWith(c.code));
  if (!code) return null;
  const phone = compact.slice(code.code.length);
  return phone.length > 0 && phone.length <= 20 ? { phone, countryCode: code.code, countryName: code.country } : null;
}

/** The strongest role one of the person's groups maps to; Regular when none does. */
export function roleFromGroups(groups: string[], roleGroups: SsoMapping['roleGroups']): TRole | null {
  if (roleGroups.length === 0) return null;
  const held = new Set(groups);
  return (
    ROLE_RANK.find((role) => roleGroups.some((m) => m.role === role && m.groups.some((g) => held.has(g)))) ?? 'Regular'
  );
}

export type ProfileResult =
  | { ok: true; profile: SsoProfile }
  | { ok: false; reason: 'SSO_NO_VERIFIED_EMAIL' | 'SSO_INVALID' };

export function profileFromClaims(claims: Record<string, unknown>, mapping: SsoMapping): ProfileResult {
  const subject = text(claims.sub);
  if (!subject) return { ok: false, reason: 'SSO_INVALID' };
  const email = text(claims.email)?.toLowerCase();
  // The account is its email: one the hospital has not verified could name someone else's account.
  if (!email || claims.email_verified !== true || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254)
    return { ok: false, reason: 'SSO_NO_VERIFIED_EMAIL' };
  const full = text(claims.name) ?? '';
  const [firstFromName = '', ...rest] = full.split(/\s+/);
  const firstName = (text(claims.given_name) ?? (firstFromName || email.split('@')[0]!)).slice(0, 100);
  const lastName = (text(claims.family_name) ?? (rest.join(' ') || '-')).slice(0, 100);
  const phoneClaim = text(claims.phone_number);
  const reference: SsoProfile['reference'] = {};
  for (const kind of SSO_REFERENCE_KINDS) {
    const list = names(claims[mapping.claims[kind]]);
    if (list) reference[kind] = kind === 'profession' ? list.slice(0, 1) : list;
  }
  return {
    ok: true,
    profile: {
      subject,
      sid: text(claims.sid),
      email,
      firstName,
      lastName,
      phone: phoneClaim && claims.phone_number_verified === true ? splitPhone(phoneClaim) : null,
      reference,
      role: roleFromGroups(names(claims[mapping.claims.groups]) ?? [], mapping.roleGroups),
    },
  };
}
