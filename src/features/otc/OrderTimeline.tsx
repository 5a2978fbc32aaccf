import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/index.ts';
import type { OtcOrder } from './api.ts';
import { utcText } from './desk-hours.ts';
import { timelineOf } from './timeline.ts';

/**
 * An order's timeline (spec §9 OTC): requested → quoted → accepted → settled, each with its time, or how it
 * ended; under it the desk's two promises read against it: the result within 30 minutes and settlement T+1.
 */
export function OrderTimeline({ order }: { order: OtcOrder }) {
  const { t } = useTranslation('otc');
  const tl = timelineOf(order);
  return (
    <div className="td-otc-timeline" data-testid="otc-timeline">
      <ol aria-label={t('timeline.label')}>
        {tl.steps.map((step) => (
          <li key={step.key} className={`td-otc-step td-otc-step-${step.state}`} data-testid={`timeline-${step.key}`} data-state={step.state} data-at={step.at ?? ''}>
            <span className="td-otc-step-name">{t(`timeline.steps.${step.key}`)}</span>
            <span className="td-otc-step-time">{step.at ? formatDateTime(step.at, { zone: true }) : t(step.state === 'current' ? 'timeline.next' : 'timeline.waiting')}</span>
          </li>
        ))}
      </ol>
      <dl className="td-wallet-facts">
        {tl.result === 'none' ? null : (
          <>
            <dt>{t('timeline.resultBy')}</dt>
            <dd data-testid="timeline-result" data-result={tl.result}>
              {t(`timeline.result.${tl.result}`, { time: formatDateTime(tl.resultBy, { zone: true }) })}
            </dd>
          </>
        )}
        {tl.settlesAt ? (
          <>
            <dt>{t('timeline.settlesAt')}</dt>
            <dd data-testid="timeline-settles" data-at={tl.settlesAt}>
              {t('timeline.settlesValue', { local: formatDateTime(tl.settlesAt, { zone: true }), utc: utcText(tl.settlesAt) })}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
