import { describe, expect, it } from 'vitest';
import { beginningsOf, fold, indexTerms, matchRanges, queryWords, wordsAt } from './words.rules';

describe('words of the blind index', () => {
  it('folds case and accents, French ligatures included', () => {
    expect(fold('Ÿ ÉLÈVE Cœur Œdème naïve Straße')).toBe('y eleve coeur oedeme naive strasse');
  });

  it('leaves the elided article and the possessive, keeps the word', () => {
    expect(wordsAt("l'hôpital d’urgence qu'il jusqu'à the patient's chart").map((w) => w.word)).toEqual([
      'hopital',
      'urgence',
      'il',
      'the',
      'patient',
      'chart',
    ]);
  });

  it('keeps numbers (bed 12, 4) and splits letters from digits as extra words', () => {
    expect(wordsAt('Lit 4, bed 12').map((w) => w.word)).toEqual(['lit', '4', 'bed', '12']);
    const terms = indexTerms(['Vitamin B12']);
    expect(terms).toEqual(expect.arrayContaining(['b12', '12', 'vit', 'vitamin']));
  });

  it('indexes a hyphenated compound by its parts and whole', () => {
    const terms = indexTerms(['anti-inflammatoire']);
    // Cut at twelve characters, as every beginning.
    expect(terms).toEqual(expect.arrayContaining(['anti', 'inflammatoir', 'antiinflamma']));
    expect(queryWords('Anti-Inflammatoire')).toEqual(['anti', 'inflammatoire']);
  });

  it('indexes beginnings from three characters up to twelve, short words whole', () => {
    expect(beginningsOf('iv')).toEqual(['iv']);
    expect(beginningsOf('sepsis')).toEqual(['sep', 'seps', 'sepsi', 'sepsis']);
    expect(beginningsOf('pneumothoraces').at(-1)).toBe('pneumothorac');
  });

  it('gives the ranges of the original text to highlight', () => {
    const text = "Transférer à l'Hôpital, lit 12";
    const ranges = matchRanges(text, queryWords('hopit 12'));
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['Hôpital', '12']);
    // A short query word matches whole words only, as the index does.
    expect(matchRanges('iv ivermectin', ['iv'])).toEqual([[0, 2]]);
  });
});
