import { createStore } from 'zustand/vanilla';

/**
 * Where the futures form shows the pair's margin mode and leverage (spec §2 "Futures trading", §3 "Leverage
 * state"), beside the form. The trade form registers its element here; the futures toolbar renders those two controls into it
 * (a portal, so their confirmation and modal stay with the toolbar), or in the toolbar when there is no form
 * (the lightning page).
 */
export const formModesSlot = createStore<{ element: HTMLElement | null }>(() => ({ element: null }));

export function setFormModesSlot(element: HTMLElement | null): void {
  formModesSlot.setState({ element });
}
