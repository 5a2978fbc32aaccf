import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n/index.ts';
import { App } from './app/App.tsx';

await initI18n();
const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
