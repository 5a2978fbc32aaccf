import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface DocumentInputProps {
  type: string;
  label: string;
  file: File | null;
  error: string | undefined;
  onFile: (file: File | null) => void;
}

/** A JPG/PNG document chooser; the file is sent as chosen (spec §5: KYC files must not be compressed). */
export function DocumentInput({ type, label, file, error, onFile }: DocumentInputProps) {
  const { t } = useTranslation('kyc');
  const id = useId();
  return (
    <div className="td-field" data-field={type}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        data-testid={`doc-${type}`}
        aria-invalid={error !== undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <div className="td-field-hint">{file ? t('form.chosen', { name: file.name, size: Math.round(file.size / 1024) }) : t('form.fileRule')}</div>
      {error ? (
        <div className="td-field-error" role="alert" data-testid={`error-${type}`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
