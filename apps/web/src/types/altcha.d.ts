// altcha's package.json points the i18n subpaths at declaration files it does not ship; the modules only
// register their strings on globalThis.$altcha.
declare module 'altcha/i18n/*';
