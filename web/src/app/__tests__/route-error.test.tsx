import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { RouteError } from '../routes/route-error';

function BrokenPage(): never {
  throw new Error('render failed');
}

describe('route error', () => {
  it('replaces a page that throws with a message and a way to try again', () => {
    // React, React Router and jsdom all report the thrown error; here it is the expected outcome.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const silence = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', silence);
    onTestFinished(() => window.removeEventListener('error', silence));
    const router = createMemoryRouter([{ path: '/', element: <BrokenPage />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong while showing this page.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
