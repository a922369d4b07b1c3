import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { env } from './config/env';
import { wwwRedirectUrl } from './lib/force-www';

const wwwUrl = wwwRedirectUrl(window.location.href, env.forceWwwHosts);
const container = document.getElementById('root');

if (wwwUrl) {
  // Replace, so the bare host never sits in the history for the back button to return to.
  window.location.replace(wwwUrl);
} else if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
