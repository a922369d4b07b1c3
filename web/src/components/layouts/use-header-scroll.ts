import { useEffect, useState } from 'react';

/** The spec's scroll thresholds, in px: each style comes on above its first number and goes below its second. */
export const SCROLLED = { on: 100, off: 10 } as const;
export const WIDER = { on: 200, off: 100 } as const;

interface HeaderScroll {
  scrolled: boolean;
  wider: boolean;
}

/** On above `on`, off below `off`, unchanged between: the gap keeps the header from flickering at one line. */
function latch(current: boolean, y: number, { on, off }: { on: number; off: number }): boolean {
  if (y > on) return true;
  if (y < off) return false;
  return current;
}

/** The header's 'scrolled' and 'wider' styles for how far the page is scrolled. */
export function useHeaderScroll(): HeaderScroll {
  const [scroll, setScroll] = useState<HeaderScroll>({ scrolled: false, wider: false });
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      setScroll((current) => {
        const next = { scrolled: latch(current.scrolled, y, SCROLLED), wider: latch(current.wider, y, WIDER) };
        return next.scrolled === current.scrolled && next.wider === current.wider ? current : next;
      });
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scroll;
}
