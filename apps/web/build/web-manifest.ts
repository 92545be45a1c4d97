import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The installed app (docs/decisions.md "Installable app"): standalone, Rounds's own icons (maskable ones drawn
 * with the mark inside the safe zone), the light theme's colours here and both themes' in index.html's
 * theme-color metas, which the browser prefers while the app runs.
 */
export const WEB_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Rounds',
  short_name: 'Rounds',
  description: 'Secure messaging and calling for clinical teams',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#0a7a74',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
