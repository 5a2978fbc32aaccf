// Entry of the convert feature: its pages, one lazily loaded chunk. The public pages are one component with
// the tab as a property; the signed-in page reads its tab from `?tab=`.
import { createElement } from 'react';

const load = () => import('./ConvertPage.tsx');
const publicTab = (tab: 'coin' | 'fiat') => () => load().then((m) => ({ default: () => createElement(m.PublicConvertPage, { tab }) }));

export const convertPages = {
  convertCoin: load,
  nologinConvertCoin: publicTab('coin'),
  nologinConvertFiat: publicTab('fiat'),
};
