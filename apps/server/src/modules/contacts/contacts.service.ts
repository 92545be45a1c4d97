import type { TContact } from '@rounds/contracts/contacts';
import type { TChatStatus } from '@rounds/contracts/user';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { loadUserLinks, parsePermissions } from '../accounts/user-view';

export type ContactFilters = {
  search?: string;
  name?: string;
  facilityId: string[];
  departmentId: string[];
  professionId: string[];
  specialtyId: string[];
  suffixId: string[];
};

function likeTerm(s: string): string {
  return `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The directory: active, verified, not deleted users other than the caller, filtered by classification
 * (any of the chosen items within a kind, every kind that has a choice) and by name or search term.
 */
export async function listContacts(app: FastifyInstance, userId: string, f: ContactFilters): Promise<TContact[]> {
  let q = app.db
    .selectFrom('users')
    .selectAll()
    .where('deleted', '=', 0)
    .where('active', '=', 1)
    .where('email_verified', '=', 1)
    .where('phone_verified', '=', 1)
    .where('id', '!=', userId);
  for (const [link, ids] of [
    ['user_facilities', f.facilityId],
    ['user_departments', f.departmentId],
    ['user_specialties', f.specialtyId],
  ] as const) {
    if (ids.length > 0) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom(link)
            .select(sql`1`.as('one'))
            .whereRef(`${link}.user_id`, '=', 'users.id')
            .where(`${link}.item_id`, 'in', ids),
        ),
      );
    }
  }
  if (f.professionId.length > 0) q = q.where('profession_id', 'in', f.professionId);
  if (f.suffixId.length > 0) q = q.where('suffix_id', 'in', f.suffixId);
  for (const term of [f.name, f.search]) {
    if (!term) continue;
    const like = likeTerm(term);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(first_name || ' ' || last_name) like ${like} escape '\\'`,
        sql<boolean>`lower(last_name || ' ' || first_name) like ${like} escape '\\'`,
        sql<boolean>`lower(email) like ${like} escape '\\'`,
      ]),
    );
  }
  const rows = await q.orderBy(sql`lower(first_name)`).orderBy(sql`lower(last_name)`).orderBy('id').execute();
  const [links, live] = await Promise.all([loadUserLinks(app.db, rows), app.presence.connectedUsers()]);
  return rows.map((r) => {
    const l = links.get(r.id)!;
    const connected = live.has(r.id);
    return {
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      fullName: `${r.first_name} ${r.last_name}`,
      email: r.email,
      phone: r.phone,
      phoneCountryCode: r.phone_country_code,
      avatar: r.avatar ? { path: r.avatar, isGenerated: false } : null,
      role: r.role,
      facilities: l.facilities,
      departments: l.departments,
      professions: l.professions,
      specialties: l.specialties,
      suffixes: l.suffixes,
      lastLoginDate: r.last_login_at,
      // A contact that is not connected shows Offline, whatever status it last chose.
      chatStatus: (connected ? r.chat_status : 4) as TChatStatus,
      connected,
      permissions: parsePermissions(r.permissions),
    };
  });
}
