// The demo hospital's sign-in as the server's seed writes it (SEED_DEMO=true, `npm run seed:demo`); journeys,
// benches and server tests sign in as its staff. Written here, not imported, so that a journey does not load
// the server's modules; apps/server/test/demo-sign-in.test.ts keeps the two equal.
export const DEMO_PASSWORD = 'Rounds2026';
export const DEMO_EMAIL_DOMAIN = 'demo.rounds.local';

/** A demo user's email from 'first.last'. */
export const demoEmail = (name: string) => `${name}@${DEMO_EMAIL_DOMAIN}`;
