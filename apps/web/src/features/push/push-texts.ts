import { i18n } from '../../lib/i18n';
import enPush from '../../locales/en/push.json';
import frPush from '../../locales/fr/push.json';

/**
 * The Notifications panel's texts (namespace 'push') come with the Settings page's chunk, not with the first
 * download. Every module of features/push that reads them imports this file. Typed in lib/i18n-resources.d.ts.
 */
i18n.addResourceBundle('en', 'push', enPush);
i18n.addResourceBundle('fr', 'push', frPush);
