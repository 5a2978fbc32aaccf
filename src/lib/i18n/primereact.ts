import { addLocale, locale } from 'primereact/api';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** primereact's own texts and ARIA labels that our pages show (paginator, its page-size dropdown, empty lists, calendar). */
const ARIA_KEYS = [
  'firstPageLabel',
  'lastPageLabel',
  'nextPageLabel',
  'prevPageLabel',
  'pageLabel',
  'rowsPerPageLabel',
  'jumpToPageDropdownLabel',
  'listLabel',
  'prevMonth',
  'nextMonth',
  'prevYear',
  'nextYear',
  'prevDecade',
  'nextDecade',
  'chooseDate',
  'chooseMonth',
  'chooseYear',
] as const;
/** The calendar's day and month names, each a comma-separated list in components.json `prime.calendar`. */
const LIST_KEYS = ['dayNames', 'dayNamesShort', 'dayNamesMin', 'monthNames', 'monthNamesShort'] as const;

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
      ...Object.fromEntries(LIST_KEYS.map((key) => [key, t(`prime.calendar.${key}`).split(',')])),
      today: t('prime.calendar.today'),
      clear: t('prime.calendar.clear'),
      // Weeks start on Sunday in Hong Kong's calendars and in the US.
      firstDayOfWeek: 0,
    });
    locale(language);
  }, [language, t]);
}
