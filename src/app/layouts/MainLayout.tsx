import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Header } from './Header.tsx';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import './layouts.css';

export function MainLayout() {
  const { t } = useTranslation();
  return (
    <div className="td-layout">
      <SkipLink />
      <Header />
      <main className="td-main" id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="td-footer">{t('footer.copyright')}</footer>
    </div>
  );
}
