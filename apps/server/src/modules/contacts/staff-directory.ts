import type { TContact } from '@rounds/contracts/contacts';
import { compareNames, comparePeople } from '@rounds/contracts/names';
import { shownStatus, type TChatStatus } from '@rounds/contracts/user';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parsePermissions } from '../users/user-view';
import { connectedStatuses, directoryUsers } from '../users/users.store';
import * as store from './directory.store';
import { buildIndex, candidates, type DirectoryIndex, insertEntry, removeEntry } from './staff-directory-index';

/**
 * The directory is read on every Contacts screen and search keystroke, and changes rarely. Each process keeps
 * a snapshot of it in memory and filters there; the snapshot is rebuilt when the `directory` counter in the
 * database moves. Every write that changes what the directory shows calls bumpDirectory() in its transaction,
 * so every process sees the change on its next read. Presence (connected, chat status) is not in the snapshot:
 * it changes all the time and is overlaid per request.
 *
 * A change about one person (registration, profile edit) names them: the next read reloads just that person and
 * updates the snapshot and its posting lists in place, instead of rebuilding them for the whole hospital.
 * Anything else (a renamed department, a seed) leaves userId out and the next read rebuilds.
 */
export async function bumpDirectory(db: Kysely<Database>, userId?: string): Promise<void> {
  const version = await store.nextDirectoryVersion(db);
  await store.insertChange(db, version, userId ?? null);
  // A process further behind than the changes kept simply rebuilds.
  if (version % 100 === 0) await store.forgetChangesUpTo(db, version - CHANGES_KEPT);
}

const CHANGES_KEPT = 1_000;

type Entry = {
  id: string;
  /** Where the entry sorts (comparePeople), to place a changed person without re-sorting everyone. */
  order: { firstName: string; lastName: string; id: string };
  /** The contact as JSON without its closing brace, so a reply is joined from strings, not re-serialized. */
  json: string;
  searchKey: string;
  classifications: string[];
};

type Snapshot = { version: number; entries: Entry[]; index: DirectoryIndex };

export type DirectoryFilters = {
  search?: string;
  name?: string;
  facilityId: string[];
  departmentId: string[];
  professionId: string[];
  specialtyId: string[];
  suffixId: string[];
};

export type Directory = {
  /** The JSON body of POST /contact/list, joined from pre-serialized contacts. */
  listJson: (userId: string, f: DirectoryFilters) => Promise<string>;
  /**
   * The ids of the people the filters find, as POST /contact/list would list them: a saved filter used as a
   * recipient list (issue 25). As current as the list: the snapshot catches up with the database first.
   */
  peopleIds: (userId: string, f: DirectoryFilters) => Promise<string[]>;
  /** How often this process rebuilt the snapshot in full, and updated it one person at a time. */
  stats: () => { rebuilds: number; updates: number };
  /**
   * Builds the snapshot now (at start: app.ts), so the first Contacts after a restart waits no longer than the
   * next; /readyz says ready only once it has (issue 28: 3.3 s at 20,000 staff when built on first use).
   */
  warm: () => Promise<void>;
  /** Whether a snapshot has been built since start. */
  warmed: () => boolean;
};

/** The directory's entries, alphabetical; only those of `ids` when given (the people who changed). */
async function build(db: Kysely<Database>, ids?: string[]): Promise<Entry[]> {
  const users = await directoryUsers(db, ids);
  if (users.length === 0) return [];
  // Alphabetical as people read it, with the browser's comparator (Léa next to Lea, Broussard2 before
  // Broussard10); the database's order is by code point.
  const people = users
    .map((u) => ({ firstName: u.first_name, lastName: u.last_name, id: u.id, u }))
    .sort(comparePeople)
    .map((p) => p.u);
  const names = await store.itemNames(db);
  const [fac, dep, spe] = await Promise.all([
    store.linksByUser(db, 'user_facilities', ids),
    store.linksByUser(db, 'user_departments', ids),
    store.linksByUser(db, 'user_specialties', ids),
  ]);
  const named = (ids: readonly string[]) =>
    ids
      .filter((id) => names.has(id))
      .map((id) => ({ id, name: names.get(id)! }))
      .sort((a, b) => compareNames(a.name, b.name));
  return people.map((u) => {
    const f = fac.get(u.id) ?? [];
    const d = dep.get(u.id) ?? [];
    const s = spe.get(u.id) ?? [];
    const contact: Omit<TContact, 'chatStatus' | 'connected'> = {
      id: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      fullName: `${u.first_name} ${u.last_name}`,
      email: u.email,
      phone: u.phone,
      phoneCountryCode: u.phone_country_code,
      avatar: u.avatar ? { path: u.avatar, isGenerated: false } : null,
      role: u.role,
      facilities: named(f),
      departments: named(d),
      professions: named(u.profession_id ? [u.profession_id] : []),
      specialties: named(s),
      suffixes: named(u.suffix_id ? [u.suffix_id] : []),
      lastLoginDate: u.last_login_at,
      permissions: parsePermissions(u.permissions),
    };
    return {
      id: u.id,
      order: { firstName: u.first_name, lastName: u.last_name, id: u.id },
      json: JSON.stringify(contact).slice(0, -1),
      searchKey: u.search_key,
      classifications: [...f, ...d, ...s, u.profession_id, u.suffix_id].filter((id): id is string => id !== null),
    };
  });
}

/**
 * Replaces the people of `ids` in the snapshot by their fresh entries (none when they left the directory),
 * each at its alphabetical place, posting lists included. Synchronous, so no read sees it half done.
 */
function applyChanges(snap: Snapshot, ids: Set<string>, fresh: Entry[]): void {
  for (let at = snap.entries.length - 1; at >= 0; at -= 1) {
    const e = snap.entries[at]!;
    if (!ids.has(e.id)) continue;
    removeEntry(snap.index, e, at);
    snap.entries.splice(at, 1);
  }
  for (const e of fresh) {
    let lo = 0;
    let hi = snap.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (comparePeople(snap.entries[mid]!.order, e.order) < 0) lo = mid + 1;
      else hi = mid;
    }
    snap.entries.splice(lo, 0, e);
    insertEntry(snap.index, e, lo);
  }
}

/** The directory reads only the database (its snapshot is this process's own). */
export type DirectoryDeps = { db: Kysely<Database> };

export function createDirectory({ db }: DirectoryDeps): Directory {
  let snapshot: Snapshot | null = null;
  let pending: Promise<Snapshot> | null = null;
  const stats = { rebuilds: 0, updates: 0 };
  let warmed = false;

  /** The people changed since the snapshot, or null when a full rebuild is needed. */
  const changedSince = async (from: number, to: number): Promise<Set<string> | null> => {
    const rows = await store.changesBetween(db, from, to);
    // Changes already forgotten, or one not about a single person.
    if (rows.length !== to - from || rows.some((r) => r.user_id === null)) return null;
    return new Set(rows.map((r) => r.user_id!));
  };

  const refresh = async (version: number): Promise<Snapshot> => {
    const old = snapshot;
    if (old && version > old.version) {
      const ids = await changedSince(old.version, version);
      if (ids) {
        const fresh = await build(db, [...ids]);
        // Another refresh may have replaced the snapshot meanwhile; then that one is as good.
        if (snapshot !== old || old.version >= version) return snapshot ?? old;
        applyChanges(old, ids, fresh);
        old.version = version;
        stats.updates += 1;
        return old;
      }
    }
    const entries = await build(db);
    stats.rebuilds += 1;
    snapshot = { version, entries, index: buildIndex(entries) };
    return snapshot;
  };

  const current = async () => {
    const version = await store.directoryVersion(db);
    if (snapshot?.version === version) return snapshot;
    // One refresh at a time; callers during a refresh share it.
    pending ??= refresh(version).finally(() => {
      pending = null;
    });
    return pending;
  };

  /** The entries the filters find, alphabetical, without the asker: the one query of the directory. */
  const match = async (userId: string, f: DirectoryFilters): Promise<Entry[]> => {
    const { entries, index } = await current();
    const terms = [f.name, f.search].filter((t): t is string => !!t).map((t) => t.toLowerCase());
    const groups = [f.facilityId, f.departmentId, f.professionId, f.specialtyId, f.suffixId].filter(
      (ids) => ids.length > 0,
    );
    const positions = candidates(index, { groups, terms });
    const matches: Entry[] = [];
    const consider = (e: Entry) => {
      if (e.id !== userId && terms.every((t) => e.searchKey.includes(t))) matches.push(e);
    };
    if (positions === null) for (const e of entries) consider(e);
    else for (const i of positions) consider(entries[i]!);
    return matches;
  };

  const select = async (userId: string, f: DirectoryFilters) => {
    const matches = await match(userId, f);
    // Presence overlay, one query: who is connected and the status they chose; everyone else shows Offline.
    const live = new Map(
      // Written as IN (subquery) so the planner starts from the few live sockets, not from every user.
      (await connectedStatuses(db)).map((r) => [r.id, r.chat_status]),
    );
    return matches.map((e) => {
      const status = live.get(e.id);
      const connected = status !== undefined;
      return { entry: e, connected, chatStatus: shownStatus({ chatStatus: (status ?? 4) as TChatStatus, connected }) };
    });
  };

  return {
    stats: () => ({ ...stats }),
    warm: async () => {
      await current();
      warmed = true;
    },
    warmed: () => warmed,
    peopleIds: async (userId, f) => (await match(userId, f)).map((e) => e.id),
    listJson: async (userId, f) => {
      const rows = await select(userId, f);
      const parts = rows.map(
        ({ entry, connected, chatStatus }) => `${entry.json},"connected":${connected},"chatStatus":${chatStatus}}`,
      );
      return `{"data":{"contacts":[${parts.join(',')}]}}`;
    },
  };
}
