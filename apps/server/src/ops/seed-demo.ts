import type { Db } from '../db/database';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { bumpDirectory } from '../modules/contacts/staff-directory';
import { anyEmailInDomain, insertUsers, type NewUser } from '../modules/users/users.store';

/** Voice and video are off unless granted (doc 2 section 4); the demo hospital's staff may call. */
const DEMO_PERMISSIONS = JSON.stringify({ voice: true, video: true });

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

/** More names for a hospital-size directory: people share names there, as they do in a real one. */
const MORE_FIRST = [
  'Alexander',
  'Amara',
  'Andre',
  'Anna',
  'Antoine',
  'Ayesha',
  'Beatriz',
  'Caleb',
  'Carlos',
  'Caroline',
  'Chidi',
  'Claire',
  'Diego',
  'Dmitri',
  'Elena',
  'Eloise',
  'Farah',
  'Fatima',
  'Felix',
  'Florence',
  'Hannah',
  'Hassan',
  'Ines',
  'Isaac',
  'Jade',
  'Jasmine',
  'Javier',
  'Jonah',
  'Kai',
  'Kenji',
  'Laila',
  'Leon',
  'Louis',
  'Lucia',
  'Malik',
  'Manon',
  'Marie',
  'Mohammed',
  'Nathan',
  'Nicole',
  'Nina',
  'Oscar',
  'Paul',
  'Priya',
  'Rafael',
  'Rosa',
  'Sarah',
  'Simone',
  'Tariq',
  'Yuki',
];
const MORE_LAST = [
  'Adams',
  'Alvarez',
  'Bailey',
  'Benoit',
  'Bernard',
  'Campbell',
  'Carter',
  'Clark',
  'Cormier',
  'Diaz',
  'Doucet',
  'Edwards',
  'Evans',
  'Fournier',
  'Gauthier',
  'Girard',
  'Gonzalez',
  'Green',
  'Hall',
  'Harris',
  'Ibrahim',
  'Ito',
  'Kim',
  'King',
  'Kowalski',
  'Lee',
  'Lewis',
  'Lopez',
  'Marchand',
  'Mercier',
  'Mitchell',
  'Morel',
  'Murphy',
  'Nelson',
  'Ortiz',
  'Park',
  'Perez',
  'Phillips',
  'Ramirez',
  'Roberts',
  'Robinson',
  'Roussel',
  'Sanchez',
  'Scott',
  'Singh',
  'Tremblay',
  'Turner',
  'Walker',
  'White',
  'Young',
];

/** A small seeded generator (mulberry32): the same hospital on every run, every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const asciiEmail = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

type Ids = Record<Kind, Map<string, string>>;

/**
 * Staff beyond the 40 named ones, for trying Rounds at the size of a hospital group. Each classification is
 * drawn on its own (facility, department, clinical role, specialty), so any combination of filters finds
 * people; one in six works at two facilities, one in four in two departments; one in ten never signed in.
 */
async function seedMoreStaff(db: Db, ids: Ids, from: number, to: number, passwordHash: string): Promise<void> {
  const next = random(13);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const firstNames = [...FIRST, ...MORE_FIRST];
  const lastNames = [...LAST, ...MORE_LAST];
  const now = Date.now();
  for (let start = from; start < to; start += 500) {
    const end = Math.min(to, start + 500);
    const users: NewUser[] = [];
    const facilityLinks: { user_id: string; item_id: string }[] = [];
    const departmentLinks: { user_id: string; item_id: string }[] = [];
    const specialtyLinks: { user_id: string; item_id: string }[] = [];
    for (let i = start; i < end; i++) {
      const id = newId();
      const first = pick(firstNames);
      const last = pick(lastNames);
      const email = `${asciiEmail(first)}.${asciiEmail(last)}.${i}@${DEMO_EMAIL_DOMAIN}`;
      const profession = pick(PROFESSIONS);
      const suffix = SUFFIX_FOR[profession];
      const status = pick([1, 1, 1, 2, 3] as const);
      // Field order keeps the random draws in their historical order, so a seed gives the same hospital.
      users.push({
        id,
        email,
        phone: `5${String(i).padStart(9, '0')}`,
        phone_country_code: '+1',
        phone_country_name: 'United States',
        first_name: first,
        last_name: last,
        password_hash: passwordHash,
        email_verified: 1,
        phone_verified: 1,
        language: next() < 0.2 ? 'fr' : 'en',
        profession_id: ids.professions.get(profession) ?? null,
        suffix_id: suffix ? (ids.suffixes.get(suffix) ?? null) : null,
        chat_status: status,
        chat_status_manual: status === 3 ? 1 : 0,
        last_login_at: next() < 0.9 ? now - Math.floor(next() * 30 * 86_400_000) : null,
        permissions: DEMO_PERMISSIONS,
      });
      const distinct = (list: readonly string[], extra: number) => {
        const chosen = new Set([pick(list)]);
        while (chosen.size < 1 + extra) chosen.add(pick(list));
        return [...chosen];
      };
      for (const n of distinct(FACILITIES, next() < 1 / 6 ? 1 : 0)) {
        facilityLinks.push({ user_id: id, item_id: ids.facilities.get(n)! });
      }
      for (const n of distinct(DEPARTMENTS, next() < 1 / 4 ? 1 : 0)) {
        departmentLinks.push({ user_id: id, item_id: ids.departments.get(n)! });
      }
      specialtyLinks.push({ user_id: id, item_id: ids.specialties.get(pick(SPECIALTIES))! });
    }
    await db.transaction().execute(async (trx) => {
      await insertUsers(trx, users);
      // A few hundred rows per statement: SQLite allows at most 32,766 bound values in one.
      await trx.insertInto('user_facilities').values(facilityLinks).execute();
      await trx.insertInto('user_departments').values(departmentLinks).execute();
      await trx.insertInto('user_specialties').values(specialtyLinks).execute();
    });
  }
}

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
 * classifications, all with the password DEMO_PASSWORD; with `staff` above 40, that many staff in all (the
 * 40 and generated ones: `npm run seed:demo -- --staff 20000`). Running it again changes nothing.
 */
export async function seedDemo(
  db: Db,
  { staff = 40 }: { staff?: number } = {},
): Promise<{ users: number; created: boolean }> {
  if (await anyEmailInDomain(db, DEMO_EMAIL_DOMAIN)) return { users: 0, created: false };

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
      const status = [1, 1, 1, 2, 3][i % 5]!;
      await insertUsers(trx, [
        {
          id,
          email: `${email}@${DEMO_EMAIL_DOMAIN}`,
          phone: `55501${String(i).padStart(2, '0')}`,
          phone_country_code: '+1',
          phone_country_name: 'United States',
          first_name: first,
          last_name: last,
          password_hash: passwordHash,
          role: i === 0 ? 'FacilityAdmin' : 'Regular',
          email_verified: 1,
          phone_verified: 1,
          language: i % 5 === 4 ? 'fr' : 'en',
          profession_id: professions.get(profession) ?? null,
          suffix_id: suffix ? (suffixes.get(suffix) ?? null) : null,
          chat_status: status,
          // Do not disturb is only ever chosen by hand.
          chat_status_manual: status === 3 ? 1 : 0,
          // A past sign-in, so demo staff can be picked for groups.
          last_login_at: now - (i + 1) * 3_600_000,
          permissions: DEMO_PERMISSIONS,
        },
      ]);
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
  if (staff > FIRST.length) {
    await seedMoreStaff(
      db,
      { facilities, departments, professions, specialties, suffixes },
      FIRST.length,
      staff,
      passwordHash,
    );
    await bumpDirectory(db);
  }
  return { users: Math.max(staff, FIRST.length), created: true };
}
