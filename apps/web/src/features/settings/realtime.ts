import { SERVER_EVENTS } from '@rounds/contracts/events';
import { subscribe } from '../../lib/socket';
import { setAppSettings } from './api/get-app-settings';

/**
 * AppSettingsChanged { appSettings } after an administrator changed logos, texts, the banner or a policy:
 * every open app, whatever its page and whoever is signed in, shows the new ones at once. Returns the
 * unsubscribe function.
 */
export function onAppSettingsChanged(): () => void {
  return subscribe(SERVER_EVENTS.AppSettingsChanged, ({ appSettings }) => setAppSettings(appSettings));
}
