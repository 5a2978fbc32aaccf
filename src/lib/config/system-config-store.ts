import { createStore, type StoreApi } from 'zustand/vanilla';
import type { PublicCalls } from '../../../contract/public.ts';
import type { ReplyOf } from '../../../contract/call.ts';
import { normaliseLanguage, type Language } from '../i18n/languages.ts';
import { isPhoneUserAgent } from './phone-agent.ts';

/** GET /system/config's reply (contract/public.ts, types only). */
export type SystemConfigReply = ReplyOf<PublicCalls['/system/config']>;
export type SystemConfig = SystemConfigReply['systemConfig'];

/** spec §3 "System config": systemConfig object, language, isClient flag. */
export interface SystemConfigState {
  /** The reply's systemConfig; null until it has arrived (or while it fails). */
  systemConfig: SystemConfig | null;
  /**
   * The app's interface language, following every change. The reply's own `language` is the server's default and
   * knows nothing of this tab, so it is not taken.
   */
  language: Language;
  /** A phone-like user agent (the spec §2 start-up test); the reply's `isClient` cannot see the browser either. */
  isClient: boolean;
}

export interface SystemConfigDeps {
  /** GET /system/config. */
  fetch: () => Promise<SystemConfigReply>;
  /** The interface language now, and its changes (i18next's languageChanged). */
  language: { current: () => string | undefined; onChange: (listener: (language: string) => void) => void };
  userAgent: string;
}

export type SystemConfigStore = StoreApi<SystemConfigState> & {
  /**
   * Loads the system config once (later calls share the first request); resolves to it, or to null when the call
   * failed, in which case the next call tries again. Never rejects: nothing waits on it to render.
   */
  load: () => Promise<SystemConfig | null>;
};

export function createSystemConfigStore(deps: SystemConfigDeps): SystemConfigStore {
  const store = createStore<SystemConfigState>(() => ({
    systemConfig: null,
    language: normaliseLanguage(deps.language.current()),
    isClient: isPhoneUserAgent(deps.userAgent),
  }));
  deps.language.onChange((language) => store.setState({ language: normaliseLanguage(language) }));

  let loading: Promise<SystemConfig | null> | null = null;
  const load = () => {
    loading ??= deps.fetch().then(
      ({ systemConfig }) => {
        store.setState({ systemConfig });
        return systemConfig;
      },
      () => {
        loading = null;
        return null;
      },
    );
    return loading;
  };
  return Object.assign(store, { load });
}
