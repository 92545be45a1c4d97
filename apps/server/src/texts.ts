// Every domain's server texts join the one table (lib/texts.ts) when this file loads: app.ts imports it first,
// so whatever renders a text finds it.
import './modules/accounts/accounts.texts';
import './modules/admin/admin.texts';
import './modules/auth/auth.texts';
import './modules/calls/calls.texts';
import './modules/chat/chat.texts';
import './modules/compliance/compliance.texts';
import './modules/identity/sso.texts';
import './modules/contacts/contacts.texts';
import './modules/identity/quick-unlock.texts';
import './modules/identity/mfa.texts';
import './modules/identity/scim.texts';
import './modules/on-call/on-call.texts';
import './modules/push/push.texts';
import './modules/reference/reference.texts';
import './modules/settings/settings.texts';
import './modules/users/users.texts';
