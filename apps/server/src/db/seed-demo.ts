import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { searchKey } from '../lib/search-key';
import { bumpDirectory } from '../modules/contacts/directory';
import type { Db } from './database';

export const DEMO_PASSWORD = 'Rounds2026';
export const DEMO_EMAIL_DOMAIN = 'demo.rounds.local';

const FACILITIES = ["St. Mary's General Hospital", 'Riverside Medical Center', "Baton Rouge Children's Hospital"];
const DEPARTMENTS = [
  'Emergency Department',
  'Intensive Care Unit',
  'Cardiology',
  'Oncology',
  'Pediatrics',
  'General Surgery',
  'Radiology',
  'Pharmacy',
  'Maternity',
  'Internal Medicine',
];
const PROFESSIONS = [
  'Registered Nurse',
  'Charge Nurse',
  'Physician',
  'Resident Physician',
  'Nurse Practitioner',
  'Physician Assistant',
  'Pharmacist',
  'Respiratory Therapist',
  'Radiology Technologist',
  'Unit Clerk',
];
const SPECIALTIES = [
  'Emergency Medicine',
  'Critical Care',
  'Cardiology',
  'Oncology',
  'Pediatrics',
  'General Surgery',
  'Radiology',
  'Anesthesiology',
  'Obstetrics',
  'Internal Medicine',
];
const SUFFIXES = ['MD', 'DO', 'RN', 'BSN', 'NP', 'PA-C', 'PharmD', 'RRT'];

const FIRST = [
  'Amelia',
  'Noah',
  'Olivia',
  'Liam',
  'Emma',
  'Lucas',
  'Ava',
  'Ethan',
  'Sophia',
  'Mason',
  'Isabella',
  'Logan',
  'Mia',
  'James',
  'Charlotte',
  'Benjamin',
  'Harper',
  'Elijah',
  'Evelyn',
  'Henry',
  'Abigail',
  'Samuel',
  'Emily',
  'Daniel',
  'Camille',
  'Julien',
  'Chloé',
  'Hugo',
  'Léa',
  'Gabriel',
  'Aisha',
  'Omar',
  'Mei',
  'Raj',
  'Sofia',
  'Mateo',
  'Grace',
  'Wei',
  'Nadia',
  'Thomas',
];
const LAST = [
  'Broussard',
  'Thibodeaux',
  'Landry',
  'Hebert',
  'Guidry',
  'Fontenot',
  'Boudreaux',
  'LeBlanc',
  'Richard',
  'Arceneaux',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Dubois',
  'Lefebvre',
  'Moreau',
  'Laurent',
  'Simon',
  'Khan',
  'Haddad',
  'Chen',
  'Patel',
  'Rossi',
  'Hernandez',
  'Nguyen',
  'Zhang',
  'Petrov',
  'Okafor',
];

/** Suffix that fits a clinical role, so the directory reads like a real one. */
const SUFFIX_FOR: Record<string, string> = {
  'Registered Nurse': 'RN',
  'Charge Nurse': 'BSN',
  Physician: 'MD',
  'Resident Physician': 'DO',
  'Nurse Practitioner': 'NP',
  'Physician Assistant': 'PA-C',
  Pharmacist: 'PharmD',
  'Respiratory Therapist': 'RRT',
};

type Kind = 'facilities' | 'departments' | 'professions' | 'specialties' | 'suffixes';

async function upsertItems(db: Db, kind: Kind, names: string[]): Promise<Map<string, string>> {
  const now = Date.now();
  await db
    .insertInto(kind)
    .values(names.map((name) => ({ id: newId(), name, name_key: name.toLowerCase(), created_at: now })))
    .onConflict((oc) => oc.column('name_key').doNothing())
    .execute();
  const rows = await db
    .selectFrom(kind)
    .select(['id', 'name'])
    .where(
      'name_key',
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * A realistic demo hospital: three facilities, their reference data and 40 verified staff with varied
 * classifications, all with the password DEMO_PASSWORD. Running it again changes nothing.
 */
export async function seedDemo(db: Db): Promise<{ users: number; created: boolean }> {
  const already = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  if (already) return { users: 0, created: false };

  const facilities = await upsertItems(db, 'facilities', FACILITIES);
  const departments = await upsertItems(db, 'departments', DEPARTMENTS);
  const professions = await upsertItems(db, 'professions', PROFESSIONS);
  const specialties = await upsertItems(db, 'specialties', SPECIALTIES);
  const suffixes = await upsertItems(db, 'suffixes', SUFFIXES);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();

  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < FIRST.length; i++) {
      const first = FIRST[i]!;
      const last = LAST[i]!;
      const profession = PROFESSIONS[i % PROFESSIONS.length]!;
      const suffix = SUFFIX_FOR[profession];
      const id = newId();
      const email = `${first}.${last}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      await trx
        .insertInto('users')
        .values({
          id,
          email: `${email}@${DEMO_EMAIL_DOMAIN}`,
          unverified_email: null,
          phone: `55501${String(i).padStart(2, '0')}`,
          phone_country_code: '+1',
          phone_country_name: 'United States',
          unverified_phone: null,
          unverified_phone_country_code: null,
          unverified_phone_country_name: null,
          first_name: first,
          last_name: last,
          search_key: searchKey(first, last, `${email}@${DEMO_EMAIL_DOMAIN}`),
          password_hash: passwordHash,
          role: i === 0 ? 'FacilityAdmin' : 'Regular',
          active: 1,
          deleted: 0,
          email_verified: 1,
          phone_verified: 1,
          language: i % 5 === 4 ? 'fr' : 'en',
          theme: 'light',
          play_notification_sound: 1,
          session_timeout: null,
          profession_id: professions.get(profession) ?? null,
          suffix_id: suffix ? (suffixes.get(suffix) ?? null) : null,
          avatar: null,
          permissions: '{}',
          chat_status: [1, 1, 1, 2, 3][i % 5]!,
          // Do not disturb is only ever chosen by hand.
          chat_status_manual: [1, 1, 1, 2, 3][i % 5] === 3 ? 1 : 0,
          // A past sign-in, so demo staff can be picked for groups.
          last_login_at: now - (i + 1) * 3_600_000,
          password_changed_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const facilityNames = [FACILITIES[i % 3]!, ...(i % 4 === 0 ? [FACILITIES[(i + 1) % 3]!] : [])];
      const departmentNames = [
        DEPARTMENTS[i % DEPARTMENTS.length]!,
        ...(i % 3 === 0 ? [DEPARTMENTS[(i + 3) % 10]!] : []),
      ];
      const specialtyNames = [SPECIALTIES[(i * 7) % SPECIALTIES.length]!];
      await trx
        .insertInto('user_facilities')
        .values(facilityNames.map((n) => ({ user_id: id, item_id: facilities.get(n)! })))
        .execute();
      await trx
        .insertInto('user_departments')
        .values(departmentNames.map((n) => ({ user_id: id, item_id: departments.get(n)! })))
        .execute();
      await trx
        .insertInto('user_specialties')
        .values(specialtyNames.map((n) => ({ user_id: id, item_id: specialties.get(n)! })))
        .execute();
    }
    await bumpDirectory(trx);
  });
  return { users: FIRST.length, created: true };
}
