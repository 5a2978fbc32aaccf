// First: the Trusted Types policy must exist before any module writes to a sink.
import './lib/security/trusted-types.ts';
import { createRoot } from 'react-dom/client';
import { i18next, initI18n, isLanguage, normaliseLanguage, storedLanguage } from './lib/i18n/index.ts';
import { installPreloadErrorHandler } from './lib/chunks/index.ts';
import { isPhoneUserAgent } from './lib/config/phone-agent.ts';
import { applyTheme } from './lib/theme/index.ts';
// Sheets every page relies on, which the start-up JavaScript used to bring in through the account feature's parts:
// the form kit's (with other features' fields and buttons) and the account area's shared looks (tables, notices).
import './components/form/form.css';
import './features/account/account.css';
import { App } from './app/App.tsx';
import { shownLanguage } from './app/shown-language.ts';
import { preloadFirstPage } from './app/pages.ts';
import './styles/theme.css';
import './styles/kit.css';

// spec §2: phone-like user agents get no page background class.
if (!isPhoneUserAgent(navigator.userAgent)) document.body.classList.add('td-page-bg');
applyTheme();

// spec §8: a modulepreload or style chunk that fails shows the named load error, not a blank page. Installed first: the
// first page's chunk and its styles start loading beside the start-up texts.
let i18nReady: Promise<unknown> = Promise.resolve();
installPreloadErrorHandler({ i18n: i18next, ready: () => i18nReady });
// The start namespaces load in the language the first page shows (its URL's, spec §2), not in another first, and the
// first page's chunk and namespaces beside them.
const segment = location.pathname.split('/')[1];
i18nReady = initI18n(isLanguage(segment) ? normaliseLanguage(shownLanguage(location.pathname, segment)) : storedLanguage(), preloadFirstPage(location.pathname));
await i18nReady;
const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
