import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'rounds-config-'));

describe('loadConfig', () => {
  it('has working defaults on a bare machine', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
    expect(config.SELF_REGISTRATION).toBeUndefined();
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('generates the JWT secret once into DATA_DIR, so restarts keep sessions', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).JWT_SECRET;
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(first);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).jwtSecret).toBe(first);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o077).toBe(0);
  });

  it('generates the VAPID key pair once into DATA_DIR, or takes it from the environment', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(first.VAPID_PUBLIC_KEY, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.VAPID_PRIVATE_KEY, 'base64url')).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).VAPID_PUBLIC_KEY).toBe(first.VAPID_PUBLIC_KEY);
    const stored = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'));
    expect(stored).toMatchObject({ vapidPublicKey: first.VAPID_PUBLIC_KEY, vapidPrivateKey: first.VAPID_PRIVATE_KEY });
    // The other secrets are kept beside them.
    expect(stored.jwtSecret).toBe(first.JWT_SECRET);
    expect(first.VAPID_SUBJECT).toBe('mailto:push@rounds.invalid');

    const given = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: first.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: first.VAPID_PRIVATE_KEY,
      PUBLIC_URL: 'https://rounds.example.org',
    });
    expect(given.VAPID_PUBLIC_KEY).toBe(first.VAPID_PUBLIC_KEY);
    expect(given.VAPID_SUBJECT).toBe('https://rounds.example.org');
  });

  it('reads the push services allowed and the repeat of URGENT alerts', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.PUSH_ALLOWED_HOSTS).toContain('fcm.googleapis.com');
    expect(defaults.PUSH_ALLOWED_HOSTS).toContain('*.notify.windows.com');
    expect(defaults.PUSH_ALLOW_LOOPBACK).toBe(false);
    expect([defaults.URGENT_REPEAT_SECONDS, defaults.URGENT_REPEAT_MAX]).toEqual([120, 10]);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      PUSH_ALLOWED_HOSTS: ' push.example.org , *.Push.Example.net',
      URGENT_REPEAT_SECONDS: '60',
      URGENT_REPEAT_MAX: '20',
    });
    expect(set.PUSH_ALLOWED_HOSTS).toEqual(['push.example.org', '*.push.example.net']);
    expect([set.URGENT_REPEAT_SECONDS, set.URGENT_REPEAT_MAX]).toEqual([60, 20]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ VAPID_PUBLIC_KEY: 'short' }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_PRIVATE_KEY: 'A'.repeat(43) }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'http://rounds.example.org' }, 'VAPID_SUBJECT'],
    [{ PUSH_ALLOWED_HOSTS: 'https://fcm.googleapis.com' }, 'PUSH_ALLOWED_HOSTS'],
    [{ PUSH_ALLOW_LOOPBACK: 'perhaps' }, 'PUSH_ALLOW_LOOPBACK'],
    [{ URGENT_REPEAT_MAX: '-1' }, 'URGENT_REPEAT_MAX'],
    [{ URGENT_REPEAT_SECONDS: 'often' }, 'URGENT_REPEAT_SECONDS'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'weakpassword' }, 'ADMIN_PASSWORD'],
    [{ SELF_REGISTRATION: 'maybe' }, 'SELF_REGISTRATION'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('rejects %o with one line naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(`Invalid environment variable ${name}`);
      expect(message).not.toContain('\n');
    }
  });

  it('reads flags and URLs', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '9000',
      PUBLIC_URL: 'https://rounds.example.org/',
      SELF_REGISTRATION: 'false',
      DATABASE_URL: 'postgres://u:p@localhost/db',
    });
    expect(config.PORT).toBe(9000);
    expect(config.PUBLIC_URL).toBe('https://rounds.example.org');
    expect(config.SELF_REGISTRATION).toBe(false);
    expect(config.DATABASE_URL).toBe('postgres://u:p@localhost/db');
  });
});
