export {
  createToastController,
  dismissToast,
  showToast,
  toastStore,
  toasts,
  TOAST_DURATION_MS,
  type Toast,
  type ToastController,
  type ToastInput,
  type ToastSeverity,
  type ToastState,
  type ToastStoreOptions,
  type ToastTimers,
} from './toast-store.ts';
export { Toaster, type ToasterProps } from './Toaster.tsx';
