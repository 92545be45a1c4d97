import type { TContactListRequest } from '@rounds/contracts/contacts';
import { DEMO_PASSWORD, demoEmail } from '@rounds/test-kit/demo';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database';
import { seedDemo } from '../../apps/server/src/ops/seed-demo';

/** A signed-in demo user for the benchmarks (one of the 40 named demo staff). */
export const BENCH_USER = { email: demoEmail('amelia.broussard'), password: DEMO_PASSWORD };

type Kind = 'facilities' | 'departments' | 'professions' | 'specialties';
export type TReferenceIds = Record<Kind, Map<string, string>>;

/**
 * The demo hospital at size (`npm run seed:demo -- --staff N`, apps/server/src/ops/seed-demo.ts): realistic
 * names, each classification drawn on its own, so a combination of filters finds people as it would in a
 * real directory. Returns the reference items' ids by name, for the cases.
 */
export async function seedHospital(
  staff: number,
  o: { dataDir: string; databaseUrl?: string; schema?: string },
): Promise<TReferenceIds> {
  const h = await openDatabase(o);
  try {
    await migrateToLatest(h.db, o.schema);
    await seedDemo(h.db, { staff });
    const ids = {} as TReferenceIds;
    for (const kind of ['facilities', 'departments', 'professions', 'specialties'] as const) {
      const rows = await h.db.selectFrom(kind).select(['id', 'name']).execute();
      ids[kind] = new Map(rows.map((r) => [r.name, r.id]));
    }
    return ids;
  } finally {
    await h.close();
  }
}

/** A search of the directory as the Contacts screen makes it: filters by name, and the typed text. */
export type TContactCase = {
  name: string;
  filters: Partial<Record<'facility' | 'department' | 'profession' | 'specialty', string[]>>;
  search?: string;
  /** Sent as `name` instead of `search` (the API's other text field; the screen types it in its search). */
  byName?: boolean;
};

/** bench/contacts' cases, measured on the server there and in Chromium by bench/web. */
export const CONTACT_CASES: TContactCase[] = [
  { name: 'search "hebert"', filters: {}, search: 'hebert' },
  { name: 'name "camille mar"', filters: {}, search: 'camille mar', byName: true },
  { name: 'department + profession', filters: { department: ['Cardiology'], profession: ['Physician'] } },
  {
    name: 'facility + department + search',
    filters: { facility: ["St. Mary's General Hospital"], department: ['Intensive Care Unit'] },
    search: 'a',
  },
  {
    name: '2 specialties + search "ol"',
    filters: { specialty: ['Critical Care', 'Oncology'] },
    search: 'ol',
  },
];

const KIND = {
  facility: 'facilities',
  department: 'departments',
  profession: 'professions',
  specialty: 'specialties',
} as const;

/** The POST /contact/list body of a case. */
export function caseBody(c: TContactCase, ids: TReferenceIds): TContactListRequest {
  const of = (key: keyof typeof KIND) =>
    (c.filters[key] ?? []).map((name) => {
      const id = ids[KIND[key]].get(name);
      if (!id) throw new Error(`no ${key} named ${name}`);
      return id;
    });
  return {
    ...(c.search ? (c.byName ? { name: c.search } : { search: c.search }) : {}),
    facilityId: of('facility'),
    departmentId: of('department'),
    professionId: of('profession'),
    specialtyId: of('specialty'),
  };
}
