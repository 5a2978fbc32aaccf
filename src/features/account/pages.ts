// The account feature's pages (spec §2 login, register, account/*), each a lazily loaded chunk: the page table
// (src/app/pages.ts) imports only this, so what ./index.ts shares with other features does not join the start-up
// JavaScript.
export const accountPages = {
  login: () => import('./LoginPage.tsx'),
  register: () => import('./RegisterPage.tsx'),
  accountInformation: () => import('./InformationPage.tsx'),
  accountSafe: () => import('./SafePage.tsx'),
  accountFreeze: () => import('./FreezePage.tsx'),
  freezeByLink: () => import('./FreezeLinkPage.tsx'),
  accountHistory: () => import('./HistoryPage.tsx'),
};
