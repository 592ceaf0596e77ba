import '@brigade/ui/lib/strict-csp';
import '@brigade/ui/styles.css';
import './app.css';
import './register.css';
import './dialogs.css';
import './drawer.css';
import './tables.css';
import './lock.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
try {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  // A start-up failure shows "Failed to initialize app"
  console.error(error);
  root.innerHTML = '<p role="alert" class="ui-loading ui-loading--page">Failed to initialize app</p>';
}

// The built register keeps its shell and its opening reads for offline use (decision 063); the dev server does not.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  navigator.serviceWorker.register('/pos/sw.js', { scope: '/pos/' }).catch((error: unknown) => {
    console.error('The register could not be made available offline', error);
  });
