import { i18n } from '../../lib/i18n';
import enAdminUsers from '../../locales/en/admin-users.json';
import frAdminUsers from '../../locales/fr/admin-users.json';

/**
 * The Users section's texts (namespace 'adminUsers') come with the admin page's chunk, not with the first
 * download: only administrators ever read them. Typed with the others in lib/i18n-resources.d.ts.
 */
i18n.addResourceBundle('en', 'adminUsers', enAdminUsers);
i18n.addResourceBundle('fr', 'adminUsers', frAdminUsers);
