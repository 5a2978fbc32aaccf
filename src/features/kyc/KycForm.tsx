import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { validateImage, VALIDATION_NAMESPACE } from '../../lib/validation/index.ts';
import { describeError, ServerCode } from '../account/index.ts';
import { submitKyc, uploadKycFile, type KycSubmission } from './api.ts';
import { DocumentInput } from './DocumentInput.tsx';
import { KYC_DOCUMENT_MAX_AGE_MONTHS, REQUIRED_DOCUMENTS, validateKycForm, type KycForm as Form, type KycIssue, type KycLevel } from './kyc-rules.ts';

/** One level's submission: company details and its documents, uploaded then submitted for review. */
export function KycForm({ level, defaultCompany, onSubmitted }: { level: KycLevel; defaultCompany: string; onSubmitted: () => void }) {
  const { t } = useTranslation('kyc');
  const [form, setForm] = useState<Form>({ companyName: defaultCompany, registrationNumber: '', countryCode: 'HK' });
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [errors, setErrors] = useState<Record<string, KycIssue | string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  // A file already uploaded is not sent twice when a later step fails and the person submits again.
  const uploaded = useRef(new Map<File, string>());
  const text = (issue: KycIssue | string | undefined) => (issue === undefined ? undefined : typeof issue === 'string' ? issue : t(issue.key, issue.params ?? {}));

  // spec §8 'Upload Failed' and 'Image is too large, please re-upload', in the person's language.
  const uploadError = (error: unknown): string => {
    if (isApiError(error) && error.code === 413) return t('validation:errors.imageTooLarge');
    if (isApiError(error) && error.code === 415) return t('validation:errors.imageType');
    // 400 names the rule the file broke; 10060 the per-user upload limit it reached.
    return isApiError(error) && (error.code === 400 || error.code === ServerCode.uploadQuota) ? describeError(t, error).message : t('errors.uploadFailed');
  };

  const choose = (type: string) => async (file: File | null) => {
    setFiles((f) => ({ ...f, [type]: file }));
    const problem = file ? await validateImage(file) : null;
    setErrors((e) => {
      const { [type]: _drop, ...rest } = e;
      return problem ? { ...rest, [type]: { key: `${VALIDATION_NAMESPACE}:${problem.key}`, ...(problem.params ? { params: problem.params } : {}) } } : rest;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (running.current) {
      setMessage(t('account:errors.clickOnce'));
      return;
    }
    const found: Record<string, KycIssue> = validateKycForm(form, files, level);
    for (const type of REQUIRED_DOCUMENTS[level]) {
      const problem = files[type] ? await validateImage(files[type]) : null;
      if (problem) found[type] = { key: `${VALIDATION_NAMESPACE}:${problem.key}`, ...(problem.params ? { params: problem.params } : {}) };
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    running.current = true;
    setSubmitting(true);
    try {
      const documents: KycSubmission['documents'] = [];
      for (const type of REQUIRED_DOCUMENTS[level]) {
        const file = files[type] as File;
        let fileId = uploaded.current.get(file);
        if (!fileId) {
          try {
            fileId = (await uploadKycFile(file)).fileId;
          } catch (error) {
            setErrors({ [type]: uploadError(error) });
            return;
          }
          uploaded.current.set(file, fileId);
        }
        documents.push({ type, fileId });
      }
      await submitKyc({ level, companyName: form.companyName.trim(), registrationNumber: form.registrationNumber.trim(), countryCode: form.countryCode.trim(), documents });
      onSubmitted();
    } catch (error) {
      const described = describeError(t, error);
      if (described.field && described.field in form) setErrors({ [described.field]: described.message });
      else setMessage(described.message);
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  };

  const field = (name: keyof Form, label: string) => (
    <div className="td-field" data-field={name}>
      <label htmlFor={`kyc-${level}-${name}`}>{label}</label>
      <input id={`kyc-${level}-${name}`} data-testid={`kyc-${name}`} aria-invalid={errors[name] !== undefined} value={form[name]} onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))} />
      {errors[name] ? (
        <div className="td-field-error" role="alert" data-testid={`error-${name}`}>
          {text(errors[name])}
        </div>
      ) : null}
    </div>
  );

  return (
    <form className="td-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid={`kyc-form-${level}`}>
      {field('companyName', t('form.companyName'))}
      {field('registrationNumber', t('form.registrationNumber'))}
      {field('countryCode', t('form.countryCode'))}
      {REQUIRED_DOCUMENTS[level].map((type) => (
        <DocumentInput key={type} type={type} label={t(`documents.${type}`, { months: KYC_DOCUMENT_MAX_AGE_MONTHS[type] })} file={files[type] ?? null} error={text(errors[type])} onFile={(file) => void choose(type)(file)} />
      ))}
      {message ? (
        <div className="td-form-message td-form-message-error" role="alert" data-testid="form-error">
          {message}
        </div>
      ) : null}
      <button type="submit" className="td-button td-button-primary" disabled={submitting} data-testid={`kyc-submit-${level}`}>
        {submitting ? t('account:common.processing') : t('form.submit')}
      </button>
    </form>
  );
}
