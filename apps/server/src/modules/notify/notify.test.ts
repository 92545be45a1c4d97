import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInOverApi } from '@rounds/test-kit/mfa';
import { freePort, startServerProcess, untilServing } from '@rounds/test-kit/server-process';
import { describe, expect, it } from 'vitest';
import { OUTBOX_PRODUCTION_WARNING } from './notify.service';
import { neutralizeName, renderNotify } from './notify.texts';

describe('names and links in SMS and email texts', () => {
  it('cannot make a display name read as our words', () => {
    const hostile = 'IT Security: your account is locked, verify at https://evil.example/verify';
    const { text } = renderNotify('priority-urgent', 'en', {
      sender: hostile,
      link: 'https://rounds.example.org/?rs=0123456789abcdef01234567',
    });
    expect(text).toBe(
      'Rounds: IT Security your account is loc… sent you an URGENT message. Open it: https://rounds.example.org/?rs=0123456789abcdef01234567',
    );
    expect(text.match(/https?:\/\//g)).toHaveLength(1);
  });

  it('keeps real names, removes links, domains, bidi and control characters, and shortens', () => {
    expect(neutralizeName('Grace Okafor')).toBe('Grace Okafor');
    expect(neutralizeName("Zoë O'Neil-Brown")).toBe("Zoë O'Neil-Brown");
    expect(neutralizeName('Dr. J. Smith')).toBe('Dr. J. Smith');
    expect(neutralizeName('李小龍')).toBe('李小龍');
    expect(neutralizeName('Help evil.example now')).toBe('Help evil example now');
    expect(neutralizeName('www.evil.example/login Bob')).toBe('Bob');
    expect(neutralizeName('Bob\u202Egpj.exe')).toBe('Bob gpj exe');
    expect(neutralizeName('Line\nbreak\u0007')).toBe('Line break');
    expect(neutralizeName('x'.repeat(100))).toHaveLength(32);
    expect(neutralizeName('https://only.a.link')).toBe('?');
  });

  it('leaves out a link that is not plain http(s), and keeps codes to their alphabet', () => {
    const sms = renderNotify('priority-important', 'fr', { sender: 'Ana', link: 'javascript:alert(1)' });
    expect(sms.text).toBe('Rounds : Ana vous a envoyé un message important. Ouvrez-le : ');
    expect(renderNotify('verify-phone', 'en', { code: '12 34-56 http://x' }).text).toBe(
      'Rounds: your verification code is 123456httpx',
    );
  });
});

type TReply = { token?: string; data: { messages: { text: string }[] } };

describe('the outbox in production', () => {
  const start = async (env: Record<string, string>) => {
    const port = await freePort();
    const p = startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rounds-notify-')),
      DATABASE_URL: '',
      ADMIN_EMAIL: 'admin@test.rounds',
      ADMIN_PASSWORD: 'Admin12345',
      ...env,
    });
    await untilServing(p);
    return { p, url: `http://127.0.0.1:${port}/api/v1` };
  };
  const json = (url: string, body?: object, token?: string) =>
    fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json() as Promise<TReply>);

  it('warns once at start that Admins can read codes, and never logs a code', async () => {
    const { p, url } = await start({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    try {
      expect(p.output().split(OUTBOX_PRODUCTION_WARNING)).toHaveLength(2);
      await json(`${url}/auth/forgot-password`, { username: 'admin@test.rounds' });
      // The Admin signs in with an authenticator too (issue 26): the kit enrols one and types its code.
      const login = await signInOverApi(url.replace(/\/api\/v1$/, ''), 'admin@test.rounds', 'Admin12345');
      const { token } = (await login.json()) as { token: string };
      const reply = await json(`${url}/outbox?to=admin%40test.rounds`, undefined, token);
      const code = /\b([A-Z2-9]{10})\b/.exec(reply.data.messages[0]!.text)?.[1];
      expect(code).toMatch(/^[A-Z2-9]{10}$/);
      expect(p.output()).toContain('[outbox] email to admin@test.rounds');
      expect(p.output()).not.toContain(code);
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });

  it('says nothing when not in production', async () => {
    const { p } = await start({ LOG_LEVEL: 'info' });
    try {
      expect(p.output()).not.toContain(OUTBOX_PRODUCTION_WARNING);
    } finally {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  });
});
