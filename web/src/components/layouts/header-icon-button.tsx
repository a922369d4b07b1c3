import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';

interface HeaderIconButtonProps {
  label: string;
  onClick?: () => void;
  /** For on/off switches: whether it is on. */
  pressed?: boolean;
  children: ReactNode;
}

/** A header button shown as an icon; `label` is its accessible name and tooltip. */
export function HeaderIconButton({ label, onClick, pressed, children }: HeaderIconButtonProps) {
  return (
    <Button
      variant="link"
      className="header-icon"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
