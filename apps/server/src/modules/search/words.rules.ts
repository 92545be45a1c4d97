/**
 * The words of a message as the blind index sees them (docs/decisions.md "Message search: a blind index"):
 * pure, so the index, the query and the highlighting agree on what a word is.
 *
 * A word is a run of letters and digits. Case and accents are folded (É → e, œ → oe), apostrophes and hyphens
 * split, so French elision (l'hôpital, d'urgence, qu'il) and English possessives (patient's) leave the word
 * itself; the single letters they leave behind are not words. A hyphenated compound is also kept whole
 * (anti-inflammatoire → anti, inflammatoire, antiinflammatoire), and a run mixing letters and digits also gives
 * its parts (B12 → b12, 12), so "lit 12" and "bed 12" find "B12" too.
 */

/** Word beginnings are indexed from this many characters: shorter words are indexed whole only. */
export const PREFIX_MIN = 3;
/** Longer beginnings are not indexed: a query word is cut to this length (its highlight is still exact). */
export const PREFIX_MAX = 12;
/** Most words of one query (each is one more join). */
export const QUERY_WORDS_MAX = 8;

/** French elisions that leave more than one letter before the apostrophe. */
const ELIDED = new Set(['qu', 'jusqu', 'lorsqu', 'puisqu', 'quoiqu', 'presqu']);
const APOSTROPHES = /['’ʼ‘`´]/;
const HYPHENS = /[-‐‑‒–—]/;

/** Case and accents folded: what two spellings of one word have in common. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd');
}

/** One word of a text: where it is (UTF-16 offsets of the original) and its folded form. */
export type TWordAt = { start: number; end: number; word: string };

const isWord = (w: string) => w.length >= 2 || /^\d$/.test(w);

/** The words of a text with their places, elisions and stray letters left out. */
export function wordsAt(text: string): TWordAt[] {
  return scan(text, true);
}

/** `folded`: each word is folded as it is found (places stay those of the original text). */
function scan(text: string, foldEach: boolean): TWordAt[] {
  const out: TWordAt[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = m.index;
    const end = start + m[0].length;
    const word = foldEach ? fold(m[0]) : m[0];
    // l', d', qu', jusqu'…: the article before the apostrophe is not a word of its own.
    if (APOSTROPHES.test(text[end] ?? '') && ELIDED.has(word)) continue;
    if (isWord(word)) out.push({ start, end, word });
  }
  return out;
}

/** Compounds (a-b, joined by hyphens with no space) and letter-digit mixes give extra words. */
function extraWords(text: string, words: TWordAt[]): string[] {
  const extra: string[] = [];
  let compound: TWordAt[] = [];
  const flush = () => {
    if (compound.length > 1) extra.push(compound.map((w) => w.word).join(''));
    compound = [];
  };
  for (const [i, w] of words.entries()) {
    const previous = words[i - 1];
    const joined = previous && previous.end + 1 === w.start && HYPHENS.test(text[previous.end]!);
    if (!joined) flush();
    compound.push(w);
    if (/\d/.test(w.word) && /\p{L}/u.test(w.word)) {
      for (const part of w.word.match(/\d+|\p{L}+/gu) ?? []) if (isWord(part)) extra.push(part);
    }
  }
  flush();
  return extra;
}

/** The beginnings of a word that are indexed: PREFIX_MIN to PREFIX_MAX characters, or the whole short word. */
export function beginningsOf(word: string): string[] {
  const chars = [...word];
  if (chars.length < PREFIX_MIN) return [word];
  const out: string[] = [];
  for (let n = PREFIX_MIN; n <= Math.min(chars.length, PREFIX_MAX); n += 1) out.push(chars.slice(0, n).join(''));
  return out;
}

/** Every term a text is indexed under: each word's beginnings, distinct. */
export function indexTerms(texts: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const raw of texts) {
    // Folded once as a whole (places are not needed here): the send path's cost is per message, not per word.
    const text = fold(raw);
    const words = scan(text, false);
    for (const word of [...words.map((w) => w.word), ...extraWords(text, words)]) {
      for (const term of beginningsOf(word)) terms.add(term);
    }
  }
  return [...terms];
}

/**
 * A query's words (folded, distinct, at most QUERY_WORDS_MAX), each matched as a word beginning. Every one
 * must match. Each is looked up as its indexed beginning (cut at PREFIX_MAX).
 */
export function queryWords(q: string): string[] {
  return [...new Set(wordsAt(q).map((w) => w.word))].slice(0, QUERY_WORDS_MAX);
}

/** The term a query word is looked up under. */
export function queryTerm(word: string): string {
  return [...word].slice(0, PREFIX_MAX).join('');
}

/**
 * Where a text's words begin with one of the query words: [start, end) ranges of the original text, for the
 * web to highlight. A short query word (under PREFIX_MIN) matches whole words only, as the index does.
 */
export function matchRanges(text: string, words: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const w of wordsAt(text)) {
    const hit = words.some((q) => ([...q].length < PREFIX_MIN ? w.word === q : w.word.startsWith(q)));
    if (hit) ranges.push([w.start, w.end]);
  }
  return ranges;
}
