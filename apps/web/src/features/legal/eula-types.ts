/**
 * The licence is legal text, not interface copy: it lives in its own files per language (loaded with the
 * EULA page only) rather than in the locale catalogues.
 */
export type TEulaBlock =
  | string
  /** A defined term and its meaning (the definitions section). */
  | { term: string; meaning: string }
  | { list: readonly string[] };

export type TEulaClause = { heading: string; body: readonly TEulaBlock[] };

export type TEulaSection = {
  id: string;
  heading: string;
  body: readonly TEulaBlock[];
  clauses?: readonly TEulaClause[];
};

export type TEulaDocument = {
  title: string;
  lastUpdated: string;
  /** Heading of the table of contents, in the document's language. */
  contents: string;
  preamble: readonly string[];
  sections: readonly TEulaSection[];
};
