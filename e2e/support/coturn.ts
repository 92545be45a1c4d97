import { type Coturn, startCoturn } from '@rounds/test-kit/coturn';

/**
 * coturn for a journey: one throwaway turnserver on 127.0.0.1 (the test kit's coturn.ts spawns it and
 * fails, never skips, when `apt-get install coturn` is missing), and the server environment that hands its
 * credentials to every call. Start it before the server (the server reads TURN_* at start-up), stop it after.
 */
export async function startJourneyCoturn(): Promise<{ coturn: Coturn; env: Record<string, string> }> {
  const coturn = await startCoturn();
  return { coturn, env: { TURN_URLS: coturn.url, TURN_SECRET: coturn.secret } };
}
