import { i18n } from '../../lib/i18n';
import enFilterRecipients from '../../locales/en/filter-recipients.json';
import frFilterRecipients from '../../locales/fr/filter-recipients.json';

/**
 * The texts of Message these people (namespace 'filter-recipients') come with the dialog's chunk, not with the
 * first download, which is at its budget. Imported for its effect by the dialog.
 */
i18n.addResourceBundle('en', 'filter-recipients', enFilterRecipients);
i18n.addResourceBundle('fr', 'filter-recipients', frFilterRecipients);
