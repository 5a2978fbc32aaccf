import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Where the ticket's page sends a person short of funds: the deposit page of an asset, and a transfer when the page has one. */
export interface Funding {
  /** The wallet's crypto deposit page of the asset (src/app/paths.ts depositPath). */
  depositPath: (asset: string) => string;
  /** Opens the page's transfer modal into the account the order trades from (USD-M); absent where there is none. */
  onTransfer?: (() => void) | undefined;
}

/**
 * spec §8 "Insufficient Balance (offers Go to Deposit)": beside the ticket's balance error (above the available
 * balance, or the exchange's 10101 refusal), "Go to Deposit" for the asset the order spends and, on USD-M, "Transfer"
 * into the futures account.
 */
export function FundingActions({ funding, asset }: { funding: Funding; asset: string }) {
  const { t } = useTranslation('orders');
  return (
    <p className="td-of-funding" data-testid="order-funding">
      <Link to={funding.depositPath(asset)} data-testid="order-deposit">
        {t('form.goDeposit', { asset })}
      </Link>
      {funding.onTransfer ? (
        <button type="button" className="td-link-button" data-testid="order-transfer" onClick={funding.onTransfer}>
          {t('form.goTransfer')}
        </button>
      ) : null}
    </p>
  );
}
