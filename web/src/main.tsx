import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { activateLanguage, pickLanguage } from '@/lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

await activateLanguage(pickLanguage(window.location.search));
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
