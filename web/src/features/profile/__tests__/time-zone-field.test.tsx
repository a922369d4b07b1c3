import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeZoneField } from '../components/time-zone-field';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <TimeZoneField value={value} onChange={setValue} />;
}

const preview = () => screen.getByText(/^Current time:/).textContent?.replace(/\s/g, ' ');
const select = () => screen.getByRole('combobox', { name: 'Timezone' }) as HTMLSelectElement;

describe('the timezone select', () => {
  it('previews the time in the chosen zone, moving on every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T15:30:05Z'));
    render(<Field initial="America/Chicago" />);
    expect(preview()).toBe('Current time: Mar 4, 2026, 9:30:05 AM');

    act(() => vi.advanceTimersByTime(999));
    expect(preview()).toBe('Current time: Mar 4, 2026, 9:30:05 AM');
    act(() => vi.advanceTimersByTime(1));
    expect(preview()).toBe('Current time: Mar 4, 2026, 9:30:06 AM');
    act(() => vi.advanceTimersByTime(2000));
    expect(preview()).toBe('Current time: Mar 4, 2026, 9:30:08 AM');

    fireEvent.change(select(), { target: { value: 'Asia/Tokyo' } });
    expect(preview()).toBe('Current time: Mar 5, 2026, 12:30:08 AM');
  });

  it("offers the device default first (empty), and previews the device's time for it", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T15:30:05Z'));
    render(<Field initial="" />);
    expect(select()).toHaveValue('');
    expect(select().options[0]).toHaveTextContent('Device default');
    expect(preview()).toBe(
      `Current time: ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date('2026-03-04T15:30:05Z')).replace(/\s/g, ' ')}`,
    );
  });

  it('falls back to America/Chicago and America/New_York when the platform lists no zones', () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue([]);
    render(<Field initial="" />);
    expect([...select().options].map((option) => option.value)).toEqual(['', 'America/Chicago', 'America/New_York']);
  });

  it("keeps a stored zone the platform's list lacks", () => {
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['Europe/Paris']);
    render(<Field initial="UTC" />);
    expect(select()).toHaveValue('UTC');
    expect([...select().options].map((option) => option.value)).toEqual(['', 'UTC', 'Europe/Paris']);
  });
});
