import { useStore } from 'zustand';
import { calls } from '../api/index.ts';
import { i18next } from '../i18n/index.ts';
import { createSystemConfigStore, type SystemConfigState } from './system-config-store.ts';

export * from './system-config-store.ts';

/**
 * The app's system config (spec §3 "System config"), GET /system/config. The app shell starts the load at start-up
 * without waiting for it (src/app/start-up.ts); the language follows i18next.
 */
export const systemConfig = createSystemConfigStore({
  fetch: () => calls.publicGet('/system/config', undefined, { silent: true }),
  language: {
    current: () => i18next.language,
    onChange: (listener) => void i18next.on('languageChanged', listener),
  },
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
});

export const loadSystemConfig = (): Promise<SystemConfigState['systemConfig']> => systemConfig.load();

export function useSystemConfig<T>(selector: (state: SystemConfigState) => T): T {
  return useStore(systemConfig, selector);
}
