// First: the Trusted Types policy must exist before any module writes to a sink.
import './lib/security/trusted-types.ts';
import { createRoot } from 'react-dom/client';
import { i18next, initI18n } from './lib/i18n/index.ts';
import { installPreloadErrorHandler } from './lib/chunks/index.ts';
import { isPhoneUserAgent } from './lib/config/phone-agent.ts';
import { applyTheme } from './lib/theme/index.ts';
import { App } from './app/App.tsx';
import './styles/theme.css';
import './styles/kit.css';

// spec §2: phone-like user agents get no page background class.
if (!isPhoneUserAgent(navigator.userAgent)) document.body.classList.add('td-page-bg');
applyTheme();

// spec §8: a modulepreload or style chunk that fails shows the named load error, not a blank page. Installed first,
// and rendering once the start-up texts are in.
let i18nReady: Promise<unknown> = Promise.resolve();
installPreloadErrorHandler({ i18n: i18next, ready: () => i18nReady });
i18nReady = initI18n();
await i18nReady;
const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
