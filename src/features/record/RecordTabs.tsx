import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';

// spec §2 record children that hold money movements, and the trade records beside them.
const TABS = [
  ['coin', 'record/coin'],
  ['fiat', 'record/fiat'],
  ['transfer', 'record/transfer'],
  ['convert', 'record/convert'],
  ['spotTrade', 'record/spotTrade'],
  ['futureTrade', 'record/futureTrade'],
] as const;

/** The records area's navigation between its pages. */
export function RecordTabs() {
  const { t } = useTranslation('record');
  const { lang } = useParams();
  return (
    <nav className="td-record-tabs" aria-label={t('tabs.label')}>
      {TABS.map(([key, path]) => (
        <NavLink key={key} to={`/${lang}/${path}`} end={false} data-testid={`record-tab-${key}`}>
          {t(`tabs.${key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
