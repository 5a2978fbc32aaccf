import { useContext, useEffect, useId, useRef, type CSSProperties, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { lockPageScroll } from './scroll-lock.ts';
import { useModalPresence } from './use-modal-presence.ts';
import { trapTab, useFocusReturn } from './use-focus-trap.ts';
import { ModalDepthContext } from './modal-depth.ts';
import { MODAL_ANIMATION_DELAY_MS, MODAL_ANIMATION_DURATION_MS, type ModalTheme } from './modal-constants.ts';
import './Modal.css';

export interface ModalProps {
  visible: boolean;
  title?: ReactNode;
  children?: ReactNode;
  /** Runs on the title close icon, the cancel button, a mask click (when maskClosable) and Escape. */
  onClose?: () => void;
  /** Runs on the confirm button. */
  onConfirm?: () => void;
  /** Default 'light' (spec §2). */
  theme?: ModalTheme;
  /** Cancel-button text; default the translated 'close'. */
  closeText?: string;
  /** Confirm-button text; default the translated 'confirm'. */
  confirmText?: string;
  /** Default true (spec §2: mask click closes). */
  maskClosable?: boolean;
  closeOnEscape?: boolean;
  showCancel?: boolean;
  showConfirm?: boolean;
  confirmDisabled?: boolean;
  /** Replaces the buttons; null hides the footer. */
  footer?: ReactNode;
  width?: number | string;
  className?: string;
}

/**
 * spec §2 modal: light theme, translated close/confirm text and mask-click closing by default; page
 * scrolling locked while shown and restored on hide (counted, so nested and multiple modals are safe);
 * spec §9: 1000 ms animation with a 100 ms delay. Built on plain React: primereact's Dialog has its own
 * scroll-lock and close semantics, and the spec's must hold exactly.
 */
export function Modal(props: ModalProps) {
  const {
    visible,
    title,
    children,
    onClose,
    onConfirm,
    theme = 'light',
    closeText,
    confirmText,
    maskClosable = true,
    closeOnEscape = true,
    showCancel = true,
    showConfirm = true,
    confirmDisabled = false,
    footer,
    width,
    className,
  } = props;
  const { t } = useTranslation('components');
  const { mounted, leaving } = useModalPresence(visible);
  const depth = useContext(ModalDepthContext);
  const dialogRef = useRef<HTMLDivElement>(null);
  // A press that starts inside the dialog and ends on the mask (selecting text, dragging) is not a mask click.
  const pressStartedOnMask = useRef(false);
  const titleId = useId();

  useEffect(() => (visible ? lockPageScroll() : undefined), [visible]);
  useFocusReturn(visible, dialogRef, depth);

  if (!mounted) return null;

  const close = () => onClose?.();
  const onMaskClick = (event: MouseEvent<HTMLDivElement>) => {
    if (maskClosable && pressStartedOnMask.current && event.target === event.currentTarget) close();
    pressStartedOnMask.current = false;
  };
  const onMaskPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressStartedOnMask.current = event.target === event.currentTarget;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && closeOnEscape) {
      event.stopPropagation(); // a nested modal closes alone; its parent is in the same React tree
      close();
      return;
    }
    trapTab(event, dialogRef.current);
  };
  const animation: CSSProperties = {
    animationDuration: `${MODAL_ANIMATION_DURATION_MS}ms`,
    animationDelay: `${MODAL_ANIMATION_DELAY_MS}ms`,
  };
  const closeLabel = closeText ?? t('modal.close');
  const buttons =
    footer !== undefined ? (
      footer
    ) : showCancel || showConfirm ? (
      <>
        {showCancel && (
          <button type="button" className="td-modal__button" onClick={close}>
            {closeLabel}
          </button>
        )}
        {showConfirm && (
          <button
            type="button"
            className="td-modal__button td-modal__button--primary"
            disabled={confirmDisabled}
            onClick={() => onConfirm?.()}
          >
            {confirmText ?? t('modal.confirm')}
          </button>
        )}
      </>
    ) : null;

  const classes = ['td-modal', `td-modal--${theme}`, leaving ? 'td-modal--leaving' : 'td-modal--entering', className]
    .filter(Boolean)
    .join(' ');

  return createPortal(
    <div className={classes} onKeyDown={onKeyDown} style={{ zIndex: `calc(var(--td-modal-z, 1000) + ${depth})` }}>
      <div className="td-modal__mask" style={animation} onPointerDown={onMaskPointerDown} onClick={onMaskClick} data-part="mask">
        <div
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={title !== undefined ? titleId : undefined}
          aria-hidden={leaving || undefined}
          tabIndex={-1}
          data-modal-depth={depth}
          className="td-modal__dialog"
          style={{ ...animation, ...(width !== undefined ? { width } : {}) }}
        >
          <div className="td-modal__header">
            <h2 id={titleId} className="td-modal__title">
              {title}
            </h2>
            <button type="button" className="td-modal__close" aria-label={closeLabel} title={closeLabel} onClick={close}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className="td-modal__body">
            <ModalDepthContext.Provider value={depth + 1}>{children}</ModalDepthContext.Provider>
          </div>
          {buttons !== null && <div className="td-modal__footer">{buttons}</div>}
        </div>
      </div>
    </div>,
    document.body,
  );
}
