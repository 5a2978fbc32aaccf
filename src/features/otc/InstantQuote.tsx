import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisabledReason } from '../account/index.ts';
import { PermissionNotice, QuoteConfirm, QuoteFacts, QuoteForm, ResultPanel, usdText, useQuoteFlow, type QuoteCalls, type QuoteFlow } from '../convert/shared.ts';
import { otcApi, type OtcFirm, type OtcIndicative, type OtcOrder } from './api.ts';
import { DeskTermsPanel } from './DeskTermsPanel.tsx';
import { belowMinimumValue, describeOtcError } from './errors.ts';
import { OrderCard } from './OrderCard.tsx';
import { ClosedNotice } from './ClosedNotice.tsx';
import type { DeskTerms } from './use-desk-terms.ts';
import { useOrderFollow } from './use-live-orders.ts';
import type { OtcData } from './use-otc-data.ts';

/** The desk's side of the shared quote flow (module-level, so the reference is stable). */
const OTC_CALLS: QuoteCalls<OtcIndicative, OtcFirm, OtcOrder> = {
  ns: 'otc',
  indicative: otcApi.indicativeQuote,
  firm: otcApi.firmQuote,
  order: otcApi.order,
  describe: describeOtcError,
};

type OtcFlow = QuoteFlow<OtcIndicative, OtcFirm, OtcOrder>;
/** How often an accepted order is read again until it settles. */
const FOLLOW_MS = 5_000;

/**
 * The instant-quote mode (spec §1): the quote form of convert with the desk's calls — the USD value of the amount
 * as it is typed (the minimum's measure), a firm quote for 30 s on the server's clock, accepted into an order
 * held until settlement T+1, shown with its timeline.
 */
export function InstantQuote({ terms, data, blocked }: { terms: DeskTerms; data: OtcData; blocked: DisabledReason | null }) {
  const { t } = useTranslation('otc');
  const flow = useQuoteFlow(null, true, data, OTC_CALLS);
  const root = useRef<HTMLDivElement>(null);
  const focusSoon = (selector: string) => setTimeout(() => root.current?.querySelector<HTMLElement>(selector)?.focus(), 0);
  let action = null;
  if (blocked) action = <PermissionNotice ns="otc" reason={blocked} />;
  else if (flow.step.name !== 'confirm') {
    action = (
      <button type="submit" id="otc-get-quote" className="td-button td-button-primary td-convert-submit" disabled={flow.submitting} data-testid="otc-get-quote">
        {flow.submitting ? t('actions.processing') : t('actions.getQuote')}
      </button>
    );
  }
  return (
    <div className="td-convert-grid" ref={root}>
      <QuoteForm
        kind={null}
        flow={flow}
        data={data}
        signedIn
        facts={
          <QuoteFacts flow={flow}>
            <UsdValue flow={flow} />
          </QuoteFacts>
        }
        action={
          <>
            <ClosedNotice terms={terms} />
            {action}
          </>
        }
      />
      <div className="td-otc-side">
        {flow.step.name === 'confirm' ? (
          <QuoteConfirm flow={flow}>
            <dt>{t('quote.usdValue')}</dt>
            <dd data-testid="confirm-usd">{t('units.usd', { value: usdText(flow.step.quote.usdValue) })}</dd>
            <dt>{t('terms.settlement')}</dt>
            <dd>{t('confirm.settlement', { days: terms.config?.settlementDays ?? 1 })}</dd>
          </QuoteConfirm>
        ) : flow.step.name === 'done' ? (
          <Accepted
            key={flow.step.order.orderId}
            accepted={flow.step.order}
            onAgain={() => {
              flow.back();
              focusSoon('input[name="fromAmount"]');
            }}
          />
        ) : null}
        <DeskTermsPanel terms={terms} />
      </div>
    </div>
  );
}

/** The amount's value in USD at the books, from the indicative quote (or the minimum's refusal, which names it). */
function UsdValue({ flow }: { flow: OtcFlow }) {
  const { t } = useTranslation('otc');
  const quote = flow.quote && flow.shown.from !== '' && flow.shown.to !== '' ? flow.quote : null;
  const below = quote ? null : belowMinimumValue(flow.indicativeRefusal);
  const value = quote?.usdValue ?? below;
  return (
    <>
      <dt>{t('quote.usdValue')}</dt>
      <dd data-testid="otc-usd-value" data-usd={value ?? ''} data-below={below !== null}>
        {value === null ? '--' : t(below === null ? 'units.usdApprox' : 'quote.belowMinimum', { value: usdText(value) })}
      </dd>
    </>
  );
}

/** The accepted quote: the order held until settlement, with its timeline and where the live orders are. */
function Accepted({ accepted, onAgain }: { accepted: OtcOrder; onAgain: () => void }) {
  const { t } = useTranslation('otc');
  const [order, setOrder] = useState(accepted);
  useOrderFollow(order, setOrder, FOLLOW_MS);
  return (
    <ResultPanel ns="otc" focusKey={accepted.orderId} next={{ path: 'otcinfo/list', text: t('result.liveOrders'), testId: 'otc-live-orders' }} onAgain={onAgain}>
      <OrderCard order={order} heading="h3" />
    </ResultPanel>
  );
}
