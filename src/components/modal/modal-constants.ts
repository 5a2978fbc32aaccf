/** spec §9: modal animation 1000 ms duration, 100 ms delay. */
export const MODAL_ANIMATION_DURATION_MS = 1000;
export const MODAL_ANIMATION_DELAY_MS = 100;

export type ModalTheme = 'light' | 'dark';
