import { routePath, routeUrl, type TApiRoute, type TReplyOf, type TRouteCallInput } from '@rounds/contracts/api-route';

export type TQueryValue = string | number | boolean | null | undefined;

/** A route's input over the network: params, query and a JSON body typed by its contract, and a session's token. */
export type TFetchInput<R extends TApiRoute> = TRouteCallInput<R, { form: FormData }> & {
  token?: string;
  headers?: Record<string, string>;
};

/** The answer: its status, and its body (the contract's reply when the status is 2xx, a refusal otherwise). */
export type TFetchReply<R extends TApiRoute> = { status: number; body: TReplyOf<R>; headers: Headers };

/** A route's query as the web sends it: repeated keys for arrays, nothing for null or undefined. */
export function queryString(query: Record<string, TQueryValue | readonly TQueryValue[]> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (item != null) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one contract route of a listening server as the web app does (journeys, benches and the process-level
 * server tests): the descriptor gives the method and the path under its family's base, so no test writes a URL.
 * It never throws on a refusal: the caller expects the status it means.
 */
export async function routeFetch<R extends TApiRoute>(
  baseUrl: string,
  route: R,
  input: TFetchInput<R>,
): Promise<TFetchReply<R>> {
  const { params, query, token, headers } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, TQueryValue | readonly TQueryValue[]>;
    token?: string;
    headers?: Record<string, string>;
  };
  const form = 'form' in input ? (input as { form: FormData }).form : undefined;
  const body = 'body' in input ? (input as { body?: unknown }).body : undefined;
  const path = routeUrl({ ...route, path: routePath(route, params) as `/${string}` });
  const response = await fetch(`${baseUrl}${path}${queryString(query)}`, {
    method: route.method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': route.media ?? 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: parsed(route, response.status, text) as TReplyOf<R>,
    headers: response.headers,
  };
}

/** The JSON every contract route answers; anything else (a proxy's HTML page) fails saying what came back. */
function parsed(route: TApiRoute, status: number, text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${route.method} ${route.path} answered ${status} with no JSON: ${text.slice(0, 200)}`);
  }
}

/** A call that must succeed: its reply; a refusal throws with the route, its status and the start of its body. */
export async function routeReply<R extends TApiRoute>(
  baseUrl: string,
  route: R,
  input: TFetchInput<R>,
): Promise<TReplyOf<R>> {
  const reply = await routeFetch(baseUrl, route, input);
  if (reply.status >= 300) {
    throw new Error(`${route.method} ${route.path}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  }
  return reply.body;
}
