import { i18n } from '../../lib/i18n';
import enCalls from '../../locales/en/calls.json';
import frCalls from '../../locales/fr/calls.json';

/**
 * The call overlay's texts (namespace 'calls') come with the chunks that show calls, not with the first
 * download. Typed with the others in lib/i18n-resources.d.ts.
 */
i18n.addResourceBundle('en', 'calls', enCalls);
i18n.addResourceBundle('fr', 'calls', frCalls);
