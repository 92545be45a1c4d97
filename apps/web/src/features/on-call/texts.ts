import { i18n } from '../../lib/i18n';
import enOnCall from '../../locales/en/on-call.json';
import frOnCall from '../../locales/fr/on-call.json';

/**
 * The on-call texts (namespace 'on-call') come with the feature's chunks, not with the first download, which
 * is at its budget. Imported for its effect by every module of the feature that shows text.
 */
i18n.addResourceBundle('en', 'on-call', enOnCall);
i18n.addResourceBundle('fr', 'on-call', frOnCall);
