import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { signOut } from '../../features/account/index.ts';
import { UnreadLink } from '../../features/messages/index.ts';
import { LANGUAGES, isLanguage, type Language } from '../../lib/i18n/index.ts';
import { EXCHANGE_CODES, session, useSession } from '../../lib/session/index.ts';
import { toggleTheme, useTheme } from '../../lib/theme/index.ts';
import { withLanguage } from '../paths.ts';

const NAV = [
  ['home', 'home'],
  ['market', 'market'],
  ['trading', 'trading/BTCUSDT'],
  ['lightning', 'lightning'],
  ['convert', 'convert/coin'],
  ['otc', 'otc/form'],
  ['wallet', 'wallet/overview'],
  ['records', 'record/coin'],
  ['loan', 'loan'],
  ['account', 'account/information'],
] as const;

/** Signed out, an area with a public page of its own goes there (spec §2 public routes) instead of to sign-in. */
const PUBLIC_PATHS: Partial<Record<(typeof NAV)[number][0], string>> = {
  convert: 'nologin/convert/coin',
  otc: 'otc/form/unlogin',
};

export function Header() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const isLogin = useSession((s) => s.isLogin);
  return (
    <header className="td-header">
      <Link className="td-brand" to={`/${lang}/home`}>
        {t('app.title')}
      </Link>
      <nav className="td-nav" aria-label={t('header.mainNav')}>
        {NAV.map(([key, path]) => (
          <NavLink key={key} to={`/${lang}/${isLogin ? path : (PUBLIC_PATHS[key] ?? path)}`}>
            {t(`nav.${key}`)}
          </NavLink>
        ))}
      </nav>
      <div className="td-header-tools">
        <ThemeToggle />
        <LanguageSwitch />
        {isLogin && <UnreadLink />}
        {isLogin && <ExchangeSwitch />}
        {isLogin ? (
          <SignOutButton />
        ) : (
          <>
            <Link to={`/${lang}/login`}>{t('header.signIn')}</Link>
            <Link className="td-header-cta" to={`/${lang}/register`}>
              {t('header.register')}
            </Link>
          </>
        )}
      </div>
    </header>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <button
      type="button"
      className="td-icon-button"
      data-testid="theme-toggle"
      aria-label={t(theme === 'dark' ? 'header.switchToLight' : 'header.switchToDark')}
      title={t(theme === 'dark' ? 'header.switchToLight' : 'header.switchToDark')}
      onClick={toggleTheme}
    >
      {t(theme === 'dark' ? 'header.themeLight' : 'header.themeDark')}
    </button>
  );
}

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const onChange = (value: string) => {
    if (!isLanguage(value)) return;
    navigate(withLanguage(location.pathname, value) + location.search + location.hash);
  };
  return (
    <label className="td-language">
      <span className="td-visually-hidden">{t('header.language')}</span>
      <select data-testid="language-switch" value={lang} onChange={(e) => onChange(e.target.value)}>
        {LANGUAGES.map((code: Language) => (
          <option key={code} value={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** spec §4 "Exchange switch: the choice is saved and the page reloads"; the eight exchanges of spec §1. */
function ExchangeSwitch() {
  const { t } = useTranslation();
  const exchangeCode = useSession((s) => s.exchangeCode);
  return (
    <label className="td-language">
      <span className="td-visually-hidden">{t('header.exchange')}</span>
      <select data-testid="exchange-switch" value={exchangeCode} onChange={(e) => session.actions.switchExchange(e.target.value)}>
        {EXCHANGE_CODES.map((code) => (
          <option key={code} value={code}>
            {t(`exchanges.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function SignOutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang } = useParams();
  return (
    <button
      type="button"
      className="td-icon-button"
      data-testid="sign-out"
      onClick={() => {
        // spec §7 POST /institution/logout, then the session is cleared whatever the answer.
        void signOut().then(() => navigate(`/${lang}/login`));
      }}
    >
      {t('header.signOut')}
    </button>
  );
}
