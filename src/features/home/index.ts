// Entry of the home feature: its pages, each loaded as its own chunk by the app shell.
export const homePages = {
  home: () => import('./HomePage.tsx'),
};
