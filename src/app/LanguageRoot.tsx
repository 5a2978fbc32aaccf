import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { isLanguage, rememberLanguage, storedLanguage } from '../lib/i18n/index.ts';
import { config } from '../lib/config/index.ts';
import { languageRedirect } from './paths.ts';
import { shownLanguage } from './shown-language.ts';


/**
 * The `/:lang` segment (spec §2): a supported language sets the interface language, is remembered and
 * titles the document; anything else redirects (see languageRedirect).
 */
export function LanguageRoot() {
  const { lang } = useParams();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const supported = isLanguage(lang);
  const shown = supported ? shownLanguage(location.pathname, lang) : undefined;

  useLayoutEffect(() => {
    if (!isLanguage(lang) || shown === undefined) return;
    if (i18n.language !== shown) void i18n.changeLanguage(shown);
    rememberLanguage(lang);
    document.documentElement.lang = shown;
  }, [lang, shown, i18n]);

  useLayoutEffect(() => {
    if (supported) document.title = t(config.titleKey);
  }, [supported, t, i18n.language]);

  if (!supported) {
    const to = languageRedirect(location.pathname, storedLanguage()) ?? `/${storedLanguage()}/home`;
    return <Navigate replace to={to + location.search + location.hash} />;
  }
  return <Outlet />;
}

/** The empty path: to the remembered language's home (spec §2). */
export function RootRedirect() {
  return <Navigate replace to={`/${storedLanguage()}/home`} />;
}

/** Unknown paths under a language: to its home (spec §2). */
export function HomeRedirect() {
  const { lang } = useParams();
  return <Navigate replace to={`/${lang}/home`} />;
}

/** A default child redirect (spec §2), relative to the language segment. */
export function LanguageNavigate({ to }: { to: string }) {
  const { lang } = useParams();
  return <Navigate replace to={`/${lang}/${to}`} />;
}
