import { addLocale, locale } from 'primereact/api';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** primereact's own texts and ARIA labels that our pages show (paginator, its page-size dropdown, empty lists). */
const ARIA_KEYS = ['firstPageLabel', 'lastPageLabel', 'nextPageLabel', 'prevPageLabel', 'pageLabel', 'rowsPerPageLabel', 'jumpToPageDropdownLabel', 'listLabel'] as const;

/**
 * Gives primereact the interface language: its labels come from locales/<language>/components.json
 * (`prime.*`), so a screen reader hears the paginator in the page's language. Call it in a page that uses
 * primereact components.
 */
export function usePrimeLocale(): void {
  const { t, i18n } = useTranslation('components');
  const language = i18n.language;
  useEffect(() => {
    addLocale(language, {
      emptyMessage: t('prime.emptyMessage'),
      emptyFilterMessage: t('prime.emptyMessage'),
      choose: t('prime.choose'),
      aria: Object.fromEntries(ARIA_KEYS.map((key) => [key, t(`prime.aria.${key}`)])),
    });
    locale(language);
  }, [language, t]);
}
