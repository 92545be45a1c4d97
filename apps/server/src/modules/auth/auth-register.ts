import type { TUser } from '@rounds/contracts/user';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { signTempToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit.service';
import { readSettings, registrationOpen } from '../settings/settings.service';
import { assertEmailFree, withEmailRace } from '../users/user-contact.store';
import { findUser, insertLinks, insertUsers } from '../users/users.store';
import { type AuthDeps, type Ctx, userDto } from './auth-context';
import { sendCode } from './auth-send-code';

export type RegisterInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  phoneCountryCode: string;
  phoneCountryName: string;
  facilityId: string[];
  departmentId: string[];
  professionId: string[];
  specialtyId: string[];
  suffixId: string[];
  captchaResponse: string;
};

export async function register(
  deps: AuthDeps,
  input: RegisterInput,
  ctx: Ctx,
): Promise<{ tempToken: string; user: TUser }> {
  const { db } = deps;
  const settings = await readSettings(db);
  if (!registrationOpen(settings, !!deps.config.OIDC_ISSUER))
    throw new AppError(403, 'REGISTRATION_DISABLED', 'registrationDisabled');
  if (!(await deps.captcha.verify(input.captchaResponse))) throw new AppError(400, 'CAPTCHA_FAILED', 'captchaFailed');
  await deps.assertClassifications(input);

  await assertEmailFree(db, input.email);

  const passwordHash = await hashPassword(input.password);
  const id = newId();
  await withEmailRace(db, input.email, undefined, () =>
    db.transaction().execute(async (trx) => {
      await insertUsers(trx, [
        {
          id,
          email: input.email,
          unverified_email: input.email,
          unverified_phone: input.phone,
          unverified_phone_country_code: input.phoneCountryCode,
          unverified_phone_country_name: input.phoneCountryName,
          first_name: input.firstName,
          last_name: input.lastName,
          password_hash: passwordHash,
          language: ctx.lang,
          profession_id: input.professionId[0] ?? null,
          suffix_id: input.suffixId[0] ?? null,
        },
      ]);
      await insertLinks(trx, [{ id, ...input }]);
      await writeAudit(trx, { userId: id, event: 'register', ip: ctx.ip });
    }),
  );
  const user = (await findUser(db, { id }))!;
  await sendCode(deps, user, 'verify-email', input.email, ctx).catch(() => 0);
  return { tempToken: await signTempToken(deps.config.JWT_SECRET, id), user: await userDto(db, id) };
}
