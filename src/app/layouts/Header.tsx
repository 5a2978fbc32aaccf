import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { signOut } from '../../features/account/session-bootstrap.ts';
import { UnreadLink } from '../../features/messages/index.ts';
import { LANGUAGES, isLanguage, type Language } from '../../lib/i18n/index.ts';
import { BROKER_EXCHANGES } from '../../../contract/exchanges.ts';
import { session, useSession } from '../../lib/session/index.ts';
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
  return (
    <header className="td-header">
      <Link className="td-brand" to={`/${lang}/home`}>
        {t('app.title')}
      </Link>
      <NavLinks />
      <div className="td-header-tools">
        <HeaderTools />
      </div>
      <MenuDrawer />
    </header>
  );
}

function NavLinks({ onFollow }: { onFollow?: () => void }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const isLogin = useSession((s) => s.isLogin);
  return (
    <nav className="td-nav" aria-label={t('header.mainNav')}>
      {NAV.map(([key, path]) => (
        <NavLink key={key} to={`/${lang}/${isLogin ? path : (PUBLIC_PATHS[key] ?? path)}`} onClick={onFollow}>
          {t(`nav.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The header's tools; in the phone drawer (`inDrawer`) the test ids get a `drawer-` prefix so each is unique. */
function HeaderTools({ inDrawer = false }: { inDrawer?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const isLogin = useSession((s) => s.isLogin);
  return (
    <>
      <ThemeToggle testId={inDrawer ? 'drawer-theme-toggle' : 'theme-toggle'} />
      <LanguageSwitch testId={inDrawer ? 'drawer-language-switch' : 'language-switch'} />
      {isLogin && <UnreadLink poll={!inDrawer} testId={inDrawer ? 'drawer-header-messages' : 'header-messages'} />}
      {isLogin && <ExchangeSwitch testId={inDrawer ? 'drawer-exchange-switch' : 'exchange-switch'} />}
      {isLogin ? (
        <SignOutButton testId={inDrawer ? 'drawer-sign-out' : 'sign-out'} />
      ) : (
        <>
          <Link to={`/${lang}/login`}>{t('header.signIn')}</Link>
          <Link className="td-header-cta" to={`/${lang}/register`}>
            {t('header.register')}
          </Link>
        </>
      )}
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Phone (at most 760 px wide): the navigation and the tools move into a drawer behind a menu
 * button. The open drawer is a modal dialog: focus moves into it and stays there (Tab wraps), Escape or the
 * close button or the backdrop closes it and focus returns to the menu button; following a link closes it.
 */
function MenuDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="td-icon-button td-menu-button"
        data-testid="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="td-menu-drawer"
        onClick={() => setOpen(true)}
      >
        {t('header.menu')}
      </button>
      {open && (
        <>
          <div className="td-drawer-backdrop" aria-hidden="true" onClick={() => close(true)} />
          <div
            ref={panel}
            id="td-menu-drawer"
            className="td-drawer"
            role="dialog"
            aria-modal="true"
            aria-label={t('header.menu')}
            data-testid="menu-drawer"
            onKeyDown={onKeyDown}
          >
            <button type="button" className="td-icon-button td-drawer-close" data-testid="menu-close" onClick={() => close(true)}>
              {t('header.closeMenu')}
            </button>
            <NavLinks onFollow={() => close(false)} />
            <div className="td-drawer-tools">
              <HeaderTools inDrawer />
            </div>
          </div>
        </>
      )}
    </>
  );
}

function ThemeToggle({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <button
      type="button"
      className="td-icon-button"
      data-testid={testId}
      aria-label={t(theme === 'dark' ? 'header.switchToLight' : 'header.switchToDark')}
      title={t(theme === 'dark' ? 'header.switchToLight' : 'header.switchToDark')}
      onClick={toggleTheme}
    >
      {t(theme === 'dark' ? 'header.themeLight' : 'header.themeDark')}
    </button>
  );
}

export function LanguageSwitch({ testId = 'language-switch' }: { testId?: string }) {
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
      <select data-testid={testId} value={lang} onChange={(e) => onChange(e.target.value)}>
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
function ExchangeSwitch({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const exchangeCode = useSession((s) => s.exchangeCode);
  return (
    <label className="td-language">
      <span className="td-visually-hidden">{t('header.exchange')}</span>
      <select data-testid={testId} value={exchangeCode} onChange={(e) => session.actions.switchExchange(e.target.value)}>
        {BROKER_EXCHANGES.map((code) => (
          <option key={code} value={code}>
            {t(`exchanges.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function SignOutButton({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang } = useParams();
  return (
    <button
      type="button"
      className="td-icon-button"
      data-testid={testId}
      onClick={() => {
        // spec §7 POST /institution/logout, then the session is cleared whatever the answer.
        void signOut().then(() => navigate(`/${lang}/login`));
      }}
    >
      {t('header.signOut')}
    </button>
  );
}
