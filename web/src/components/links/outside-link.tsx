import type { ReactNode } from 'react';

interface OutsideLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/** A link to another site, opened in a new tab that gets no handle on this one (no reverse tabnabbing). */
export function OutsideLink({ href, className, children }: OutsideLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
