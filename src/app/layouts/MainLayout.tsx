import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Header } from './Header.tsx';
import './layouts.css';

export function MainLayout() {
  const { t } = useTranslation();
  return (
    <div className="td-layout">
      <Header />
      <main className="td-main">
        <Outlet />
      </main>
      <footer className="td-footer">{t('footer.copyright')}</footer>
    </div>
  );
}
