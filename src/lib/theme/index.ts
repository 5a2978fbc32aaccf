import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

// Dark trading theme (default) and a light theme, switchable, and remembered in browser storage.
export type Theme = 'dark' | 'light';
const THEME_KEY = 'theme';

function readTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

export const themeStore = createStore<{ theme: Theme }>(() => ({ theme: readTheme() }));

export function applyTheme(theme: Theme = themeStore.getState().theme): void {
  document.documentElement.dataset['theme'] = theme;
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Not remembered when storage is unavailable; still applied for this page.
  }
  themeStore.setState({ theme });
  applyTheme(theme);
}

export function toggleTheme(): void {
  setTheme(themeStore.getState().theme === 'dark' ? 'light' : 'dark');
}

export function useTheme(): Theme {
  return useStore(themeStore, (s) => s.theme);
}
