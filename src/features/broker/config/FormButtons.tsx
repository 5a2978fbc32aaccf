import { useTranslation } from 'react-i18next';

/** A config form's submit button (disabled and saying so while its call runs) and its cancel button. */
export function FormButtons({ submitting, submitText, onCancel, testId }: { submitting: boolean; submitText: string; onCancel: () => void; testId: string }) {
  const { t } = useTranslation('broker-config');
  return (
    <div className="td-broker-config-buttons">
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid={testId}>
        {submitting ? t('common.processing') : submitText}
      </button>
      <button type="button" className="td-button td-button-secondary" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
