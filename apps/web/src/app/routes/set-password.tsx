import { PasswordScreen } from './reset-password';

/** Forced password change: the reset screen in its set-password mode (spec doc 1 section 2 "Routes"). */
export function SetPasswordRoute() {
  return <PasswordScreen forced />;
}
