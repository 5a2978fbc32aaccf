import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/form/index.ts';

/** A config form's submit button (disabled and saying so while its call runs) and its cancel button. */
export function FormButtons({ submitting, submitText, onCancel, testId }: { submitting: boolean; submitText: string; onCancel: () => void; testId: string }) {
  const { t } = useTranslation('broker-config');
  return (
    <div className="td-broker-config-buttons">
      <SubmitButton submitting={submitting} busyText={t('common.processing')} testId={testId}>
        {submitText}
      </SubmitButton>
      <button type="button" className="td-button td-button-secondary" onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </div>
  );
}
