import { describe, expect, it } from 'vitest';
import { profileFromClaims, roleFromGroups, splitPhone } from './sso.rules';

const mapping = {
  claims: {
    facility: 'facility',
    department: 'dept',
    profession: 'profession',
    specialty: 'specialty',
    groups: 'groups',
  },
  roleGroups: [
    { role: 'Admin' as const, groups: ['it-admins'] },
    { role: 'FacilityAdmin' as const, groups: ['ward-managers', 'unit-leads'] },
  ],
};

describe('single sign-on claims (pure)', () => {
  it('splits an E.164 number on the longest calling code Rounds offers, or leaves it', () => {
    expect(splitPhone('+15551234567')).toEqual({
      phone: '5551234567',
      countryCode: '+1',
      countryName: 'United States',
    });
    expect(splitPhone('+590690123456')).toMatchObject({ countryCode: '+590', phone: '690123456' });
    expect(splitPhone('+33612345678')).toBeNull();
    expect(splitPhone('0612345678')).toBeNull();
  });

  it('takes the strongest role any group maps to; Regular when none; null when roles are not mapped', () => {
    expect(roleFromGroups(['unit-leads', 'it-admins'], mapping.roleGroups)).toBe('Admin');
    expect(roleFromGroups(['unit-leads'], mapping.roleGroups)).toBe('FacilityAdmin');
    expect(roleFromGroups(['nurses'], mapping.roleGroups)).toBe('Regular');
    expect(roleFromGroups(['it-admins'], [])).toBeNull();
  });

  it('reads the mapped claims; an absent claim is not the provider’s to set', () => {
    const read = profileFromClaims(
      {
        sub: 's1',
        email: 'A@B.example',
        email_verified: true,
        name: 'Jean Paul Martin',
        dept: 'ICU',
        phone_number: '+15550001111',
      },
      mapping,
    );
    expect(read).toEqual({
      ok: true,
      profile: {
        subject: 's1',
        sid: null,
        email: 'a@b.example',
        firstName: 'Jean',
        lastName: 'Paul Martin',
        // Not verified by the provider: left as it is.
        phone: null,
        reference: { department: ['ICU'] },
        role: 'Regular',
      },
    });
  });

  it('refuses an email the provider did not verify', () => {
    expect(profileFromClaims({ sub: 's', email: 'a@b.example' }, mapping)).toEqual({
      ok: false,
      reason: 'SSO_NO_VERIFIED_EMAIL',
    });
  });
});
