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

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
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
