import { i18n } from '../../lib/i18n';
import enSearch from '../../locales/en/search.json';
import frSearch from '../../locales/fr/search.json';

/**
 * Message search's texts (namespace 'search') come with the chunk that shows results. Typed with the others in
 * lib/i18n-resources.d.ts.
 */
i18n.addResourceBundle('en', 'search', enSearch);
i18n.addResourceBundle('fr', 'search', frSearch);
