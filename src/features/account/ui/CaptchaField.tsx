import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CaptchaPurpose, type CaptchaImage, imageCaptcha } from '../api.ts';
import { describeError } from '../errors.ts';
import { type FieldIssue, TextField } from '../../../components/form/index.ts';

export interface CaptchaState {
  captcha: CaptchaImage | null;
  code: string;
  setCode: (code: string) => void;
  /** A new image (and an empty answer): after every use, since the server takes a captcha once. */
  refresh: () => void;
  /** Why the image could not be fetched, if it could not. */
  failure: unknown;
  /** The fields a call sends, when an image is there. */
  fields: () => { captchaUuid: string; captchaCode: string } | Record<string, never>;
}

/**
 * The image captcha of spec §7 (`GET /institution/image/captcha`), for a purpose: `verifyUser` (the password
 * reset's first step) or `login` (sign-in and the authenticator reset, once an account has had failures).
 * Fetches an image while `active`.
 */
export function useCaptcha(purpose: CaptchaPurpose, active: boolean): CaptchaState {
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    let live = true;
    imageCaptcha(purpose).then(
      (next) => {
        if (!live) return;
        setCaptcha(next);
        setFailure(null);
      },
      (error: unknown) => live && setFailure(error),
    );
    return () => {
      live = false;
    };
  }, [purpose, active, generation]);
  return {
    captcha: active ? captcha : null,
    code,
    setCode,
    refresh: () => {
      setCode('');
      setGeneration((n) => n + 1);
    },
    failure,
    fields: () => (active && captcha ? { captchaUuid: captcha.uuid, captchaCode: code.trim() } : {}),
  };
}

/** The answer field with the image beside it; a click on the image fetches another. */
export function CaptchaField({ state, error }: { state: CaptchaState; error?: FieldIssue | string | undefined }) {
  const { t } = useTranslation('account');
  const { captcha } = state;
  const failed = state.failure ? describeError(t, state.failure).message : undefined;
  return (
    <TextField
      name="captchaCode"
      label={t('fields.captcha')}
      autoComplete="off"
      autoCapitalize="characters"
      maxLength={10}
      value={state.code}
      onValue={state.setCode}
      error={error ?? failed}
      addon={
        captcha ? (
          <button type="button" className="td-captcha" onClick={state.refresh} title={t('reset.refreshCaptcha')} aria-label={t('reset.refreshCaptcha')}>
            <img src={captcha.image} alt={t('reset.captchaAlt')} width={120} height={40} data-testid="captcha-image" data-uuid={captcha.uuid} />
          </button>
        ) : null
      }
    />
  );
}
