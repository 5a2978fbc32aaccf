import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import noPermissionImage from './no-permission.svg';
import './NoPermission.css';

export interface NoPermissionProps {
  /** Replaces the default translated tips text (spec §2: customizable tips). */
  tips?: ReactNode;
  /** The support contact shown in the footer (spec §2: support footer with {email}). */
  supportEmail: string;
  className?: string;
}

// Splits a translated sentence around its {{email}} slot so the address can be a link while both
// sides stay plain text (nothing from the translation or the config is parsed as markup).
const SLOT = '\u0000email\u0000';

/** spec §2: no-permission screen with an image, customizable tips and a support footer with {email}. */
export function NoPermission({ tips, supportEmail, className }: NoPermissionProps) {
  const { t } = useTranslation('components');
  const [before = '', after = ''] = t('noPermission.support', { email: SLOT }).split(SLOT);
  return (
    <section className={['td-no-permission', className].filter(Boolean).join(' ')}>
      <img className="td-no-permission__image" src={noPermissionImage} alt="" width={200} height={160} />
      <p className="td-no-permission__tips">{tips ?? t('noPermission.tips')}</p>
      <footer className="td-no-permission__support">
        {before}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        {after}
      </footer>
    </section>
  );
}
