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
  const { lang } = useParams();
  return (
    <nav className="td-convert-tabs" aria-label={t('tabs.label')}>
      {(['coin', 'fiat'] as const).map((kind) => (
        <Link key={kind} to={`/${lang}/${tabPath(kind, signedIn)}`} aria-current={kind === tab ? 'page' : undefined} data-testid={`convert-tab-${kind}`}>
          {t(`tabs.${kind}`)}
        </Link>
      ))}
    </nav>
  );
}
