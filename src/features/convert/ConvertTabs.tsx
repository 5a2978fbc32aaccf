import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ConvertKind } from '../../../contract/convert-rules.ts';

/** Where each tab lives: signed in, the one convert page with `?tab=fiat` (spec §2 has no convert/fiat); public, its two pages. */
export function tabPath(tab: ConvertKind, signedIn: boolean): string {
  if (signedIn) return tab === 'fiat' ? 'convert/coin?tab=fiat' : 'convert/coin';
  return `nologin/convert/${tab}`;
}

export function ConvertTabs({ tab, signedIn }: { tab: ConvertKind; signedIn: boolean }) {
  const { t } = useTranslation('convert');
  return (
    <PageTabs
      label={t('tabs.label')}
      current={tab}
      testId="convert-tab"
      items={(['coin', 'fiat'] as const).map((kind) => ({ key: kind, path: tabPath(kind, signedIn), text: t(`tabs.${kind}`) }))}
    />
  );
}

/** A page's tabs as links (convert's coin and fiat, the OTC desk's two modes): the current one marked for screen readers too. */
export function PageTabs({ label, current, testId, items }: { label: string; current: string; testId: string; items: ReadonlyArray<{ key: string; path: string; text: string }> }) {
  const { lang } = useParams();
  return (
    <nav className="td-convert-tabs" aria-label={label}>
      {items.map((item) => (
        <Link key={item.key} to={`/${lang}/${item.path}`} aria-current={item.key === current ? 'page' : undefined} data-testid={`${testId}-${item.key}`}>
          {item.text}
        </Link>
      ))}
    </nav>
  );
}
