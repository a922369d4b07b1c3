import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../lazy-page';

function Loaded() {
  return <h1>Loaded page</h1>;
}

/** A stand-in for import(): each call gives a promise the test settles. */
function controlledImports() {
  const calls: { resolve: (page: ComponentType) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<ComponentType>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const settle = () => act(() => Promise.resolve());

describe('lazyPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing for a page that arrives within 2 s', async () => {
    const { load, calls } = controlledImports();
    const Page = lazyPage(load);
    render(<Page />);
    await advance(1999);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    calls[0].resolve(Loaded);
    await settle();
    expect(screen.getByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
    await advance(5000);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a spinner once the page has taken 2 s, until it arrives', async () => {
    const { load, calls } = controlledImports();
    const Page = lazyPage(load);
    render(<Page />);
    await advance(2000);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    calls[0].resolve(Loaded);
    await settle();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
  });

  it('offers a retry with a fresh import when the import fails', async () => {
    const { load, calls } = controlledImports();
    const Page = lazyPage(load);
    render(<Page />);
    calls[0].reject(new TypeError('Failed to fetch dynamically imported module'));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page could not be loaded. Check your connection and try again.',
    );

    // fireEvent, not user-event: Testing Library's async wrapper waits on a real setTimeout, which is faked here.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    calls[1].resolve(Loaded);
    await settle();
    expect(screen.getByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
  });

  it('gives up on an import that takes 15 s', async () => {
    const { load } = controlledImports();
    const Page = lazyPage(load);
    render(<Page />);
    await advance(14999);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page could not be loaded. Check your connection and try again.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders an already loaded page at once on later visits', async () => {
    const { load, calls } = controlledImports();
    const Page = lazyPage(load);
    const first = render(<Page />);
    calls[0].resolve(Loaded);
    await settle();
    first.unmount();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
