import { useTranslation } from 'react-i18next';
import { opensText } from './errors.ts';
import type { DeskTerms } from './use-desk-terms.ts';

/** Outside the desk's hours, above the action: closed, and when it opens (the desk refuses until then). */
export function ClosedNotice({ terms }: { terms: DeskTerms }) {
  const { t } = useTranslation('otc');
  const hours = terms.config?.hours;
  if (!hours || hours.open) return null;
  const text = opensText(t, t('terms.closedNow'), hours.nextOpenAt);
  return (
    <p className="td-notice td-notice-warning" role="status" data-testid="otc-closed" data-next-open={hours.nextOpenAt}>
      {text}
    </p>
  );
}
