import { useTranslation } from 'react-i18next';
import type { FieldError } from './validate.ts';

/** A field's validation message (role alert), tied to its input by aria-describedby. */
export function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation('orders');
  if (!error) return null;
  return (
    <p className="td-of-error" id={id} role="alert" data-testid={`${id}-error`} data-key={error.key}>
      {t(error.key, error.params ?? {})}
    </p>
  );
}
