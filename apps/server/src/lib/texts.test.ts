import { CHAT_TEXTS } from '@rounds/contracts/chat';
import { SESSION_TIMEOUT_ISSUES } from '@rounds/contracts/settings';
import { MSG } from '@rounds/contracts/validation';
import { describe, expect, it } from 'vitest';
import { AppError, invalidField } from './errors';
import '../texts';
import { issueText, isTextKey, TEXT_TABLE, text } from './texts';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server texts', () => {
  const entries = Object.entries(TEXT_TABLE);

  it('keys are identifiers (camelCase or the spec form error keys), never sentences', () => {
    for (const [key] of entries) {
      expect(key, key).not.toContain(' ');
      expect(key, key).toMatch(/^[A-Za-z][\w.]*$/);
    }
  });

  it('every key has an English and a French text with the same placeholders', () => {
    for (const [key, t] of entries) {
      expect(t.en.trim(), key).not.toBe('');
      expect(t.fr.trim(), key).not.toBe('');
      expect(placeholders(t.fr), key).toEqual(placeholders(t.en));
    }
  });

  it("the contracts' issue messages are keys of the table", () => {
    for (const key of [...Object.values(MSG), ...Object.values(SESSION_TIMEOUT_ISSUES)]) {
      expect(isTextKey(key), key).toBe(true);
    }
  });

  it("renders the spec's English as it is, and French for fr", () => {
    expect(text('groupNameTooLong', 'en')).toBe(CHAT_TEXTS.groupNameTooLong);
    expect(text('callFull', 'en', { n: 4 })).toBe('This call is full: at most 4 people can take part.');
    expect(text('callFull', 'fr', { n: 4 })).toBe('Cet appel est complet : 4 personnes au plus peuvent y participer.');
  });

  it('an AppError carries its key and renders it in the reader language, with its field', () => {
    const err = invalidField('participants', 'tooManyMembers');
    expect(err).toBeInstanceOf(AppError);
    expect(err.message).toBe('participants: too many members');
    expect(err.render('fr')).toBe('participants: trop de membres');
    expect(new AppError(404, 'NOT_FOUND', 'messageNotFound').render('en')).toBe('Message not found');
  });

  it("a zod issue is rendered by key; zod's own messages pass as they are", () => {
    expect(issueText(MSG.passLength, 'fr')).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(issueText('Invalid input: expected string, received number', 'fr')).toBe(
      'Invalid input: expected string, received number',
    );
    expect(issueText(undefined, 'en')).toBe('is invalid');
  });
});
