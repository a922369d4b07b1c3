import { type RefObject, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** Whether the collapsed (mobile) menu is open; it closes on any navigation and on a click outside `container`. */
export function useMobileMenu(container: RefObject<HTMLElement>) {
  const [expanded, setExpanded] = useState(false);
  const { key } = useLocation();

  useEffect(() => setExpanded(false), [key]);

  useEffect(() => {
    if (!expanded) return;
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Node) || !container.current?.contains(event.target)) setExpanded(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [expanded, container]);

  return [expanded, setExpanded] as const;
}
