/**
 * Method and path of the routes the web calls from its first download (the login page, the app's start), here
 * without zod: a module with schemas brings zod into whatever chunk imports it (docs/decisions.md, "Web bundle
 * budget"). Their descriptors spread these, so the path is still written once; the web names the address and
 * loads the descriptor alongside the request (apps/web/src/lib/api-call.ts, lazyRoute).
 */
export const FIRST_DOWNLOAD_ROUTES = {
  captcha: { method: 'GET', path: '/auth/captcha' },
  login: { method: 'POST', path: '/auth/login' },
  refreshToken: { method: 'POST', path: '/auth/refresh-token' },
  logout: { method: 'GET', path: '/auth/logout' },
  me: { method: 'GET', path: '/setting/me' },
  writeSetting: { method: 'POST', path: '/setting' },
  appSettings: { method: 'GET', path: '/setting/app-settings' },
  selfRegistration: { method: 'GET', path: '/setting/self-registration' },
  speechStatus: { method: 'GET', path: '/speech-to-text' },
  ssoStatus: { method: 'GET', path: '/auth/sso' },
  passkeySignInOptions: { method: 'POST', path: '/auth/passkey/options' },
  passkeySignIn: { method: 'POST', path: '/auth/passkey/sign-in' },
} as const;
