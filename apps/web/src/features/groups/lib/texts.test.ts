import { CHAT_TEXTS } from '@rounds/contracts/chat';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/groups.json';

describe('group texts', () => {
  it('keeps the spec texts in English (doc 1 sections 2 and 5)', () => {
    expect(en.name.tooLong).toBe(CHAT_TEXTS.groupNameTooLong);
    expect(en.alreadyMember).toBe(CHAT_TEXTS.alreadyMember);
    expect(en.title.create).toBe('Create Group');
    expect(en.similar.createAnyway).toBe('Create Anyway');
  });
});
