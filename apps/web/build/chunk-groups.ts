/**
 * How the build groups modules into chunks (rolldown's output.codeSplitting). Left to itself, rolldown gave every
 * module shared between the entry and a lazy route, or between two lazy routes, a chunk of its own: index.html
 * preloaded about 36 chunks of 1–4 KB and Recent pulled about 40 more, over HTTP/1.1 six at a time, each a round
 * trip on a phone's network (Lighthouse's mobile profile: 150 ms). Three groups instead:
 * - everything the entry imports statically, in one chunk with it (what every page runs first);
 * - the UI libraries the lazy screens add (Mantine, Tabler icons and their helpers), in one chunk: Recent,
 *   Contacts, Settings and the dialogs all use most of it, and it is cached across them;
 * - the app's own modules that two lazy chunks or more share (features, shared components), in one chunk.
 * What one screen alone needs stays in that screen's chunk; the heavy, rarely used libraries (the rich-text
 * editor, date pickers, the captcha, socket.io-client) keep their own chunks and load where they are used.
 * The price: the first group also takes the Mantine modules the entry reaches through Mantine's index files but
 * only signed-in screens use (Popover, Combobox, ScrollArea, floating-ui), about 10 KB gzip more on /login
 * (scripts/print-sizes.mjs, docs/decisions.md); the login page no longer waits for its JavaScript to paint.
 */
export const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  {
    name: 'ui',
    test: /node_modules[\\/](@mantine[\\/](core|hooks|notifications)|@tabler[\\/]icons-react|@floating-ui|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce|aria-hidden|detect-node-es)[\\/]/,
    priority: 2,
  },
  { name: 'shared', test: /apps[\\/]web[\\/]src[\\/]|packages[\\/]contracts[\\/]/, minShareCount: 2, priority: 1 },
];
