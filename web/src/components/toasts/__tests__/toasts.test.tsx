import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOAST_TIMEOUT_MS, type Notify, ToastProvider, useNotify } from '../toasts';

/** Renders the provider and hands out its notify function. */
function renderToasts(): Notify {
  let notify: Notify = () => {};
  function Capture() {
    notify = useNotify();
    return null;
  }
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
  return (message, options) => act(() => notify(message, options));
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`shows a message at the top of the page for ${DEFAULT_TOAST_TIMEOUT_MS} ms by default`, () => {
    const notify = renderToasts();
    notify('Saved');
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Saved');
    expect(toast.closest('.toast-container')).toHaveClass('top-0', 'start-50', 'position-fixed');
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_TIMEOUT_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps each toast for its own time-out and closes on request', () => {
    const notify = renderToasts();
    notify('Short', { timeout: 1000 });
    notify('Long');
    notify('Closed by hand');
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[2]);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual(['Long']);
  });

  it('colours positive, negative and info toasts, or with a given background and a readable text colour', () => {
    const notify = renderToasts();
    notify('Yes', { variant: 'positive' });
    notify('No', { variant: 'negative' });
    notify('Note');
    notify('Light', { background: '#ffeeaa' });
    notify('Dark', { background: '#112233' });
    const [yes, no, note, light, dark] = screen.getAllByRole('alert');
    expect(yes).toHaveClass('text-bg-success');
    expect(no).toHaveClass('text-bg-danger');
    expect(note).toHaveClass('text-bg-info');
    expect(light).toHaveStyle({ backgroundColor: '#ffeeaa', color: '#000' });
    expect(dark).toHaveStyle({ backgroundColor: '#112233', color: '#fff' });
    expect(light).not.toHaveClass('text-bg-info');
  });
});
