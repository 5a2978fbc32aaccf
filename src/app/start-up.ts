// The module itself, not the feature's index.ts: the start-up JavaScript needs only this call of it.
import { loadPlatformConfiguration, onPlatformConfiguration } from '../features/account/api.ts';
import { session } from '../lib/session/index.ts';
import { loadSystemConfig } from '../lib/config/system-config.ts';

/**
 * The configuration the app loads at start-up (App.tsx, after the API client is wired): the platform configuration,
 * which becomes the session's platformConfig (spec §3 "User session"; every later caller of
 * loadPlatformConfiguration shares this request), and the system config (spec §3 "System config"). Neither is
 * awaited by the first render; a failed call leaves its state empty, and the platform configuration is asked
 * again by the next screen that needs it (the password forms, the broker gate).
 */
export async function loadStartupConfiguration(): Promise<void> {
  onPlatformConfiguration((configuration) => session.actions.setPlatformConfig(configuration));
  await Promise.all([loadPlatformConfiguration().catch(() => null), loadSystemConfig()]);
}
