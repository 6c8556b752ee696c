import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startLanguage } from './lib/i18n/language';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('InternReel: the #root element is missing from index.html');

// English is bundled: settled at once (no network). Another language renders once its
// `common` catalogue is in, so the first paint is already in it.
void startLanguage().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
