import sanitizeHtml from 'sanitize-html';

/**
 * The about and information texts are HTML written in the admin's rich text editor (tiptap) and shown to every
 * user as HTML, so they are cleaned on the server before they are stored: only what the editor makes survives.
 * No script, style, iframe, event attribute or javascript: URL is ever stored, whatever a client sends.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href', { name: 'target', multiple: false, values: ['_blank'] }, 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Tags outside the list go but keep their text; script, style and the like go with their content.
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab must not hand the opened page a handle on ours.
    a: (tagName, { target, rel, ...attribs }) => ({
      tagName,
      attribs:
        target === '_blank'
          ? { ...attribs, target, rel: 'noopener noreferrer nofollow' }
          : { ...attribs, ...(rel ? { rel } : {}) },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}
