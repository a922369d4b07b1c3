import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findPageHeading, renderApp } from '@/testing/render-app';

describe('/contact', () => {
  it('shows only the word contact', async () => {
    renderApp('/contact');
    expect(await findPageHeading('contact')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(/^contact$/);
    await waitFor(() => expect(document.title).toBe('Contact @ Wasabi Stallions Investor Portal'));
  });
});
