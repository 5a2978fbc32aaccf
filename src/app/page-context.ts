import { createContext, useContext } from 'react';

/** The page key of the route being shown (see route-table.ts). */
export const PageContext = createContext<string>('home');
export const usePageKey = () => useContext(PageContext);
