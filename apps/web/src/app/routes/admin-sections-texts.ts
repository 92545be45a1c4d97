import { i18n } from '../../lib/i18n';
import enAdminSections from '../../locales/en/admin-sections.json';
import frAdminSections from '../../locales/fr/admin-sections.json';

/**
 * The administration sections' texts (namespace 'admin-sections') come with the admin page's chunk, not with
 * the first download: only administrators ever read them. Typed with the others in lib/i18n-resources.d.ts.
 */
i18n.addResourceBundle('en', 'admin-sections', enAdminSections);
i18n.addResourceBundle('fr', 'admin-sections', frAdminSections);
