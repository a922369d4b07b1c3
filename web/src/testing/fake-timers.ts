import { vi } from 'vitest';

/**
 * Vitest's fake timers, made known to Testing Library. After each user-event action it waits for a
 * setTimeout(0), which it moves on by itself only under Jest's fake timers (it looks for a global `jest`); with
 * this stand-in it moves Vitest's, so user-event can type under fake timers. Undone after each test, as every
 * stubbed global is.
 */
export function useFakeTimers(): void {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
