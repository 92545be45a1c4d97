/**
 * Why an uploaded SVG logo is refused, or null when it is safe to serve. SVG is XML that a browser may run
 * script from or load other resources with; rather than rewrite it (an XML sanitizer that misses one trick is
 * worse than none), a logo carrying any of these is refused with a clear message (docs/decisions.md "Logos").
 * Logos are also served with a sandboxing Content-Security-Policy and shown through <img>, which runs nothing.
 */
const UNSAFE: [RegExp, string][] = [
  [/<!DOCTYPE|<!ENTITY/i, 'doctype'],
  [/<\s*(?:[\w-]+:)?script[\s>/]/i, 'script'],
  [/<\s*(?:[\w-]+:)?(?:foreignObject|iframe|embed|object|handler|listener)[\s>/]/i, 'embedded content'],
  [/[\s"'/](?:[\w-]+:)?on[a-z]+\s*=/i, 'event handler'],
  [/javascript\s*:|vbscript\s*:|data\s*:\s*text\/html/i, 'script URL'],
  [/@import|url\(\s*["']?\s*(?!#)/i, 'external style reference'],
  // Animations can rewrite a link after the checks above: none may target href or an event attribute.
  [/attributeName\s*=\s*["']\s*(?:[\w-]+:)?(?:href|on)/i, 'animated link'],
];

/** href and xlink:href may only point inside the document or at an embedded raster image. */
const HREF = /(?:^|[\s"'/])(?:[\w-]+:)?href\s*=\s*(["'])([\s\S]*?)\1/gi;
const SAFE_HREF = /^(?:#[\w.:-]*|data:image\/(?:png|gif|jpeg);base64,[A-Za-z0-9+/=\s]*)$/;

export function svgProblem(bytes: Buffer): string | null {
  const text = bytes.toString('utf8');
  for (const [pattern, what] of UNSAFE) if (pattern.test(text)) return what;
  for (const match of text.matchAll(HREF)) if (!SAFE_HREF.test(match[2]!.trim())) return 'external reference';
  // An href written without quotes is not XML, but a lenient parser might still follow it.
  if (/(?:^|[\s"'/])(?:[\w-]+:)?href\s*=\s*[^\s"']/i.test(text)) return 'external reference';
  return null;
}
