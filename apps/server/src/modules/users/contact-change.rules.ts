import type { UserRow } from './users.store';

/** What an edit of the sign-in contacts changes: a new email, a new phone (number or country code). */
export function contactChanges(
  before: Pick<UserRow, 'email' | 'phone' | 'phone_country_code'>,
  next: { email: string; phone: string | null; phoneCountryCode: string | null },
): { emailChanged: boolean; phoneChanged: boolean } {
  return {
    emailChanged: next.email !== before.email,
    phoneChanged: next.phone !== before.phone || next.phoneCountryCode !== before.phone_country_code,
  };
}
