import { describe, expect, it } from 'vitest';
import { inertBidi, stripBidiControls } from './bidi';

describe('bidirectional controls from users', () => {
  it('drops overrides, embeddings and isolates, and nothing else', () => {
    expect(stripBidiControls('invoice\u202egpj.exe')).toBe('invoicegpj.exe');
    expect(stripBidiControls('\u2066a\u2067b\u2068c\u2069 \u202a\u202b\u202c\u202d')).toBe('abc ');
    expect(stripBidiControls('שלום Léa 😷 \u200f')).toBe('שלום Léa 😷 \u200f');
  });

  it('cleans every string of a reply or socket payload in place', () => {
    const payload = {
      twId: 'a'.repeat(24),
      message: { body: 'dose \u202e01 mg', files: [{ name: 'scan\u202egnp.exe', size: 3 }], seq: 4, author: null },
    };
    const out = inertBidi(payload);
    expect(out).toBe(payload);
    expect(out.message.body).toBe('dose 01 mg');
    expect(out.message.files[0]!.name).toBe('scangnp.exe');
    expect(out.message.seq).toBe(4);
    expect(inertBidi('\u202ex')).toBe('x');
  });
});
