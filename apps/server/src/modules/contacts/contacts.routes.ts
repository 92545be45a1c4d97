import { contactRoutes as routes, ZContactListRequest, type ZFilterParams } from '@rounds/contracts/contacts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { conflict, invalidField, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { registerRoute } from '../../plugins/api-route';
import { authOf, requireAuth } from '../../plugins/auth';
import { createFilterRecipientsService } from './filter-recipients.service';
import * as store from './saved-filters.store';

type TFilterParams = z.output<typeof ZFilterParams>;

const FILTER_TABLES = {
  facility: 'facilities',
  department: 'departments',
  profession: 'professions',
  specialty: 'specialties',
} as const;

/**
 * A saved filter names reference items that exist: an id of anything else (a room, a message, another
 * person's object) is refused as the bad input it is, never stored and shown back.
 */
async function assertKnownItems(app: FastifyInstance, params: TFilterParams): Promise<void> {
  for (const [kind, table] of Object.entries(FILTER_TABLES) as [
    keyof TFilterParams,
    (typeof FILTER_TABLES)[keyof typeof FILTER_TABLES],
  ][]) {
    const ids = [...new Set(params[kind])];
    if (ids.length === 0) continue;
    const found = await store.knownItemIds(app.db, table, ids);
    if (found.length !== ids.length) throw invalidField(`params.${kind}`, 'noSuchItem');
  }
}

/**
 * A user's saved filters are told apart by name in the list, so two may not share one (issue 28), whatever the
 * case. A user has a handful, so their names are compared here rather than by an index on a folded column,
 * which SQLite's ASCII-only lower() could not give for every language.
 */
async function assertNewFilterName(app: FastifyInstance, userId: string, name: string): Promise<void> {
  const rows = await store.filterNames(app.db, userId);
  const folded = foldName(name);
  if (rows.some((r) => foldName(r.name) === folded)) throw conflict('filterNameTaken', 'FILTER_NAME_TAKEN');
}
const foldName = (name: string) => name.trim().normalize('NFC').toLocaleLowerCase();

/** The directory and each user's own saved filters. */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { tags: ['contacts'], onRequest: requireAuth(app) };

  registerRoute(app, routes.list, options, async (req, reply) => {
    // No body asks for the whole directory.
    const body = req.body ?? ZContactListRequest.parse({});
    // Joined from contacts serialized once per snapshot: validating and serializing thousands of contacts on
    // every keystroke would cost more than the search itself. The reply's shape is tested against the contract.
    const json = await app.directory.listJson(authOf(req).userId, body);
    // A JSON string is sent as is; the typed reply expects the object it stands for.
    return reply.type('application/json').send(json) as never;
  });

  registerRoute(app, routes.filters, options, async (req) => {
    const rows = await store.userFilters(app.db, authOf(req).userId);
    return { results: rows.map((r) => ({ id: r.id, name: r.name, params: JSON.parse(r.params) })) };
  });

  registerRoute(app, routes.createFilter, options, async (req) => {
    const userId = authOf(req).userId;
    await assertKnownItems(app, req.body.params);
    await assertNewFilterName(app, userId, req.body.name);
    const row = {
      id: newId(),
      user_id: userId,
      name: req.body.name,
      params: JSON.stringify(req.body.params),
      created_at: Date.now(),
    };
    await store.insertFilter(app.db, row);
    return { data: { id: row.id, name: row.name, params: req.body.params } };
  });

  const recipients = createFilterRecipientsService({
    db: app.db,
    directory: app.directory,
    rooms: app.chat.rooms,
    onDutyAt: app.onCall.onDutyAt,
  });

  registerRoute(app, routes.filterRecipients, options, async (req) => ({
    data: await recipients.count(authOf(req).userId, req.body),
  }));

  registerRoute(app, routes.filterGroup, options, async (req) => ({
    data: { chatRoom: await recipients.startGroup(authOf(req).userId, req.body) },
  }));

  registerRoute(app, routes.deleteFilter, options, async (req) => {
    // Another user's filter id is answered like a missing one.
    if (!(await store.deleteFilter(app.db, req.body.id, authOf(req).userId))) throw notFound();
    return { message: 'OK' };
  });
};
