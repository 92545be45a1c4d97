import type { TContact } from '@rounds/contracts/contacts';
import { searchKey } from '@rounds/contracts/names';
import { describe, expect, it } from 'vitest';
import { searchLocally } from './use-contact-search';

const contact = (firstName: string, lastName: string, email: string) =>
  ({ id: email, firstName, lastName, fullName: `${firstName} ${lastName}`, email }) as TContact;

describe('the directory searched in the browser while the server is asked', () => {
  const list = [
    contact('Amelia', 'Broussard', 'amelia.broussard@demo.rounds.local'),
    contact('Léa', 'Hebert', 'lea.hebert@demo.rounds.local'),
    contact('Camille', 'Martin', 'camille.martin@demo.rounds.local'),
    contact('Noah', 'Martinez', 'nm@clinic.example'),
  ];
  const names = (found: TContact[]) => found.map((c) => c.fullName);

  it('matches as the server does: the text anywhere in both name orders or the email, any case', () => {
    expect(names(searchLocally(list, 'HEBERT'))).toEqual(['Léa Hebert']);
    expect(names(searchLocally(list, 'camille mar'))).toEqual(['Camille Martin']);
    expect(names(searchLocally(list, 'martin camille'))).toEqual(['Camille Martin']);
    expect(names(searchLocally(list, 'clinic.example'))).toEqual(['Noah Martinez']);
    expect(names(searchLocally(list, '  mart '))).toEqual(['Camille Martin', 'Noah Martinez']);
  });

  it('keeps everyone for an empty search and nobody for text no one has', () => {
    expect(searchLocally(list, '   ')).toHaveLength(4);
    expect(searchLocally(list, 'zzz')).toEqual([]);
  });

  it('builds the key the server stores (contracts/names)', () => {
    expect(searchKey('Léa', 'Hebert', 'lea.hebert@x.y')).toBe('léa hebert hebert léa lea.hebert@x.y');
  });
});
