import { describe, expect, it } from 'vitest';
import { groupByInitial, initialOf, toLines } from './group-contacts';

const person = (firstName: string, lastName: string, id = `${firstName}-${lastName}`) => ({ id, firstName, lastName });

describe('contacts by first letter', () => {
  it('takes the first letter of the first name, without accents', () => {
    expect(initialOf('amelia')).toBe('A');
    expect(initialOf('Émilie')).toBe('E');
    expect(initialOf('  Øyvind')).toBe('#');
    expect(initialOf('42')).toBe('#');
    expect(initialOf('')).toBe('#');
  });

  it('groups in alphabetical sections, sorted by first then last name, # last', () => {
    const sections = groupByInitial([
      person('Lucas', 'Fontenot'),
      person('Léa', 'Laurent'),
      person('Amelia', 'Broussard'),
      person('Liam', 'Hebert'),
      person('Élodie', 'Martin'),
      person('ana', 'Zed'),
      person('Ethan', 'LeBlanc'),
      person('1st', 'Shift'),
      person('Liam', 'Adams'),
    ]);
    expect(sections.map((s) => s.letter)).toEqual(['A', 'E', 'L', '#']);
    expect(sections.map((s) => s.contacts.map((c) => `${c.firstName} ${c.lastName}`))).toEqual([
      ['Amelia Broussard', 'ana Zed'],
      ['Élodie Martin', 'Ethan LeBlanc'],
      ['Léa Laurent', 'Liam Adams', 'Liam Hebert', 'Lucas Fontenot'],
      ['1st Shift'],
    ]);
  });

  it('falls back to the last name when there is no first name, and keeps an empty list empty', () => {
    expect(groupByInitial([person('', 'Nguyen')])[0]?.letter).toBe('N');
    expect(groupByInitial([])).toEqual([]);
  });

  it('orders numbers in names by their value: Broussard2 before Broussard10', () => {
    const sections = groupByInitial([
      person('Ava', 'Broussard10'),
      person('Ava', 'Broussard2'),
      person('Ava', 'Broussard1'),
    ]);
    expect(sections[0]?.contacts.map((c) => c.lastName)).toEqual(['Broussard1', 'Broussard2', 'Broussard10']);
  });

  it('flattens sections into lines: every header, and the contacts of the open sections only', () => {
    const sections = groupByInitial([person('Ava', 'A'), person('Bo', 'B'), person('Ben', 'C'), person('Cy', 'D')]);
    const lines = toLines(sections, new Set(['B']));
    expect(
      lines.map((line) =>
        line.kind === 'header' ? `${line.letter}:${line.count}:${line.open}` : line.contact.firstName,
      ),
    ).toEqual(['A:1:true', 'Ava', 'B:2:false', 'C:1:true', 'Cy']);
  });
});
