/**
 * Display limits of the spec (doc 1 section 9) for the contact filters (contacts screen, group modal): labels in dropdowns are cut at 35
 * characters, and the first entry shown in a multi-select at 20. The full text stays in a title attribute.
 */
export const DROPDOWN_LABEL_MAX = 35;
export const MULTI_SELECT_FIRST_MAX = 20;

export function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : text;
}
