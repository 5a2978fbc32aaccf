import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router-dom';
import { Header } from './Header.tsx';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import './layouts.css';

export function MainLayout() {
  const { t } = useTranslation();
  const { lang } = useParams();
  return (
    <div className="td-layout">
      <SkipLink />
      <Header />
      <main className="td-main" id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="td-footer">
        <Link to={`/${lang}/help`} data-testid="footer-help">
          {t('footer.help')}
        </Link>
        <span>{t('footer.copyright')}</span>
      </footer>
    </div>
  );
}
