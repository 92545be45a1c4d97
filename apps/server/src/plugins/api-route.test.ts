import { apiRoute } from '@rounds/contracts/api-route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredRefusals, openApiDocument } from '../../test/security/openapi-routes';
import { callRoute, unchecked } from '../../test/support/call-route';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { notFound } from '../lib/errors';
import { registerRoute } from './api-route';

/** A route with a path parameter and declared refusals, registered and called through the contracts' helpers. */
const shelf = apiRoute({
  method: 'GET',
  path: '/test-shelf/:shelf/item/:item',
  params: z.object({ shelf: z.enum(['left', 'right']), item: z.coerce.number().int() }),
  query: z.object({ note: z.string().optional() }),
  reply: z.object({ data: z.object({ shelf: z.string(), item: z.number(), note: z.string().nullable() }) }),
  errors: { 400: 'VALIDATION_ERROR', 404: ['NOT_FOUND'] },
});

// @ts-expect-error a path with parameters needs a params schema naming them
apiRoute({ method: 'GET', path: '/test/:id', reply: z.object({}) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { ready: false });
  registerRoute(t.app, shelf, { tags: ['test'] }, async (req) => {
    if (req.params.item === 0) throw notFound();
    return { data: { shelf: req.params.shelf, item: req.params.item, note: req.query.note ?? null } };
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('registerRoute and callRoute', () => {
  it('fills, validates and types the path parameters', async () => {
    const res = await callRoute(t.app, shelf, { params: { shelf: 'left', item: 7 }, query: { note: 'a b/c' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ shelf: 'left', item: 7, note: 'a b/c' });

    const bad = await callRoute(t.app, shelf, { params: unchecked({ shelf: 'up', item: 7 }), query: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.error()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^shelf: /) });

    const missing = await callRoute(t.app, shelf, { params: { shelf: 'right', item: 0 }, query: {} });
    expect(missing.statusCode).toBe(404);
    expect(missing.error().code).toBe('NOT_FOUND');
  });

  it('shows the refusals in the OpenAPI document, with their codes', () => {
    const op = openApiDocument(t.app).paths['/api/v1/test-shelf/{shelf}/item/{item}']?.get;
    expect(op?.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['shelf', 'item']);
    expect(Object.keys(op?.responses ?? {})).toEqual(['200', '400', '404']);
    expect(op && declaredRefusals(op)).toEqual(
      new Map([
        [400, ['VALIDATION_ERROR']],
        [404, ['NOT_FOUND']],
      ]),
    );
  });
});
