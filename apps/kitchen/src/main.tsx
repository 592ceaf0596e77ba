import '@brigade/ui/lib/strict-csp';
import '@brigade/ui/styles.css';
import '@brigade/ui/kitchen.css';
import './kitchen-app.css';
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
