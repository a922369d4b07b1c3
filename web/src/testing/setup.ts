import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lays nothing out, so its Range has no geometry; Quill asks for a selection's box to place its link tooltip.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

// Testing Library only cleans up by itself when test globals are on; ours are off.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
});
