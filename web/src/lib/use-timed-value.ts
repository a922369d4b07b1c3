import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A value that shows for `ms` and then goes back to null: the spec's brief error states (1 s after a failed
 * sign-in, 2 s of registration field errors). Showing a value again restarts the time.
 */
export function useTimedValue<T>(ms: number): [T | null, (value: T) => void] {
  const [value, setValue] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => setValue(null), ms);
    },
    [ms],
  );
  return [value, show];
}
