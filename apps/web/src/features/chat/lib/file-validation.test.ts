import { CHAT_FILE_TEXTS } from '@rounds/contracts/chat-files';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/chat.json';
import { checkFiles } from './file-validation';

const MB = 1024 * 1024;
const png = (name: string, size = 1000) => ({ name, type: 'image/png', size });
const text = (code: keyof typeof en.files.errors, file = '') => en.files.errors[code].replace('{{file}}', file);

describe('checkFiles', () => {
  it('accepts the spec types within the limits', () => {
    const files = [png('a.png'), { name: 'b.jpg', type: 'image/jpeg', size: 2 * MB }];
    expect(checkFiles(files, [])).toEqual({ accepted: files, error: null });
  });

  it('refuses more than 10 files, counting those already in the tray', () => {
    const result = checkFiles(
      [png('a.png'), png('b.png')],
      Array.from({ length: 9 }, (_, i) => png(`${i}.png`)),
    );
    expect(result).toEqual({ accepted: [], error: { code: 'tooMany' } });
    expect(text('tooMany')).toBe(CHAT_FILE_TEXTS.tooMany);
  });

  it('leaves out an unsupported type and keeps the rest', () => {
    const result = checkFiles([png('a.png'), { name: 'notes.pdf', type: 'application/pdf', size: 10 }], []);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(result.error).toEqual({ code: 'unsupported' });
    expect(text('unsupported')).toBe(CHAT_FILE_TEXTS.unsupported);
  });

  it('names a file over 10 MB', () => {
    const result = checkFiles([png('wound.png', 10 * MB + 1)], []);
    expect(result).toEqual({ accepted: [], error: { code: 'fileTooLarge', file: 'wound.png' } });
    expect(text('fileTooLarge', 'wound.png')).toBe(CHAT_FILE_TEXTS.fileTooLarge.replace('{file}', 'wound.png'));
  });

  it('refuses a drop that takes the total over 10 MB', () => {
    const result = checkFiles([png('b.png', 4 * MB)], [png('a.png', 7 * MB)]);
    expect(result).toEqual({ accepted: [], error: { code: 'totalTooLarge' } });
    expect(text('totalTooLarge')).toBe(CHAT_FILE_TEXTS.totalTooLarge);
  });

  it('keeps the spec texts for the other chat-file errors', () => {
    expect(en.files.errors.notUploaded).toBe(CHAT_FILE_TEXTS.notUploaded);
    expect(en.voice.errors.microphone).toBe(CHAT_FILE_TEXTS.microphone);
    expect(en.voice.errors.uploadFailed).toBe(CHAT_FILE_TEXTS.voiceUploadFailed);
  });
});
