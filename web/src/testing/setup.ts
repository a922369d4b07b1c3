import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages load lazily (code-split); on a busy two-core CI machine the first import of one can take seconds.
configure({ asyncUtilTimeout: 5_000 });

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
