/**
 * What the confirm screens need, carried in the history state from login or registration (it survives a
 * reload of the tab, and never appears in the URL): the temporary token and where the codes went.
 */
export type TConfirmState = {
  tempToken: string;
  email: string;
  phone?: string;
  phoneCountryCode?: string;
  phoneCountryName?: string;
};

export function readConfirmState(state: unknown): TConfirmState | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = state as Record<string, unknown>;
  if (typeof value.tempToken !== 'string' || !value.tempToken) return null;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
  return {
    tempToken: value.tempToken,
    email: text('email') ?? '',
    phone: text('phone'),
    phoneCountryCode: text('phoneCountryCode'),
    phoneCountryName: text('phoneCountryName'),
  };
}
