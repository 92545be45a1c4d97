import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/chat.json';
import fr from '../../../locales/fr/chat.json';
import { mediaLine } from './media-line';

const file = { id: 'f', key: 'chat/x.png', name: 'x.png', type: 'image/png', size: 1 } as never;
const voice = { key: 'chat/v.webm', duration: 12.4 } as never;

describe('mediaLine', () => {
  it('names a voice note with its length, one photo, or several', () => {
    expect(mediaLine({ voice, files: [] })).toEqual({ key: 'list.voice', values: { duration: '0:12' } });
    expect(mediaLine({ voice: null, files: [file] })).toEqual({ key: 'list.photo', values: {} });
    expect(mediaLine({ voice: null, files: [file, file, file] })).toEqual({ key: 'list.photos', values: { count: 3 } });
    expect(mediaLine({ voice: null, files: [] })).toBeNull();
  });

  it('has its texts in English and French', () => {
    expect(en.list.voice).toBe('Voice note {{duration}}');
    expect(fr.list.voice).toBe('Message vocal {{duration}}');
    expect([en.list.photo, fr.list.photo]).toEqual(['Photo', 'Photo']);
  });
});
