import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-accounts';
import * as m0003 from './0003-directory';
import * as m0004 from './0004-chat';
import * as m0005 from './0005-attachments';
import * as m0006 from './0006-login-throttle';
import * as m0007 from './0007-sms-ledger';
import * as m0008 from './0008-directory-changes';
import * as m0009 from './0009-notification-jobs';
import * as m0010 from './0010-admin-orders';
import * as m0012 from './0012-calls';
import * as m0013 from './0013-admin-user-orders';
import * as m0014 from './0014-push';
import * as m0015 from './0015-search-index';
import * as m0016 from './0016-duty-roles';
import * as m0017 from './0017-delivered-positions';
import * as m0018 from './0018-retention-holds';
import * as m0019 from './0019-session-activity';
import * as m0020 from './0020-unlock-pins';
import * as m0021 from './0021-break-glass';
import * as m0022 from './0022-sso';
import * as m0023 from './0023-counsel-exports';
import * as m0024 from './0024-mfa-factors';
import * as m0025 from './0025-role-rooms';
import * as m0026 from './0026-role-voices';
import * as m0027 from './0027-passkeys';
import * as m0028 from './0028-escalation';
import * as m0029 from './0029-scim';

/** Migrations in order; names sort as they apply. New ones are appended, never edited once landed. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0003-directory': m0003,
  '0004-chat': m0004,
  '0005-attachments': m0005,
  '0006-login-throttle': m0006,
  '0007-sms-ledger': m0007,
  '0008-directory-changes': m0008,
  '0009-notification-jobs': m0009,
  '0010-admin-orders': m0010,
  '0012-calls': m0012,
  '0013-admin-user-orders': m0013,
  '0014-push': m0014,
  '0015-search-index': m0015,
  '0016-duty-roles': m0016,
  '0017-delivered-positions': m0017,
  '0018-retention-holds': m0018,
  '0019-session-activity': m0019,
  '0020-unlock-pins': m0020,
  '0021-break-glass': m0021,
  '0022-sso': m0022,
  '0023-counsel-exports': m0023,
  '0024-mfa-factors': m0024,
  '0025-role-rooms': m0025,
  '0026-role-voices': m0026,
  '0027-passkeys': m0027,
  '0028-escalation': m0028,
  '0029-scim': m0029,
};
