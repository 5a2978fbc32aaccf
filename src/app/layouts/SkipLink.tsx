import { useTranslation } from 'react-i18next';

/** The element a skip link moves to: the page's main region. */
export const MAIN_ID = 'main-content';

/**
 * The first focusable element of every layout: a keyboard user jumps past the header's navigation to the page
 * itself (WCAG 2.4.1 Bypass Blocks). Hidden until focused. Focus moves to <main> (which takes focus with
 * tabIndex -1) without changing the router's location.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="td-skip-link"
      href={`#${MAIN_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView({ block: 'start' });
      }}
    >
      {t('app.skipToContent')}
    </a>
  );
}
