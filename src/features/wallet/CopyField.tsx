import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/form/index.ts';

/** Copies a value to the clipboard and remembers whether that worked (a browser may refuse the clipboard). */
export function useCopy(value: string) {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return { copied, copy };
}

/**
 * A value to send to (deposit address, memo) shown whole, with its own QR code and copy button; the copy
 * says when it worked and when it did not (a browser may refuse the clipboard), so nobody pastes a stale value.
 */
export function CopyField({ name, label, value }: { name: string; label: string; value: string }) {
  const { t } = useTranslation('wallet');
  const { copied, copy } = useCopy(value);
  return (
    <div className="td-copy-field" data-testid={`copy-${name}`}>
      <QrCode value={value} label={t('deposit.qrLabel', { what: label })} size={160} testId={`qr-${name}`} />
      <div className="td-copy-body">
        <span className="td-copy-label">{label}</span>
        <code className="td-copy-value" data-testid={`value-${name}`}>
          {value}
        </code>
        <div className="td-copy-actions">
          <button type="button" className="td-button td-button-secondary" onClick={() => void copy()} data-testid={`copy-button-${name}`}>
            {t('deposit.copy')}
          </button>
          <span role="status" className="td-muted">
            {copied === 'ok' ? t('deposit.copied') : copied === 'failed' ? t('deposit.copyFailed') : ''}
          </span>
        </div>
      </div>
    </div>
  );
}
