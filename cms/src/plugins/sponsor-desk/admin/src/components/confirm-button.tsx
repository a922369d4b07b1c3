import type { ReactNode } from 'react';
import { Button, Dialog, Flex, Typography } from '@strapi/design-system';

interface ConfirmButtonProps {
  /** The button's words, e.g. "Post to 2 investors". */
  label: string;
  /** The question the dialog asks, e.g. "Post this distribution?". */
  title: string;
  /** What the action will do: who, how much, how many; shown before staff confirm. */
  children: ReactNode;
  /** The confirming button's words, e.g. "Post it". */
  confirm: string;
  onConfirm: () => void;
  disabled?: boolean;
  loading?: boolean;
  /** Null when the staff member's role may do it; else the sentence that says who may (the button stays disabled). */
  refusal?: string | null;
  variant?: 'default' | 'secondary';
}

/**
 * A money action's button (posting an event, countersigning): it first shows what it will do and asks to confirm; a
 * role that may not do it sees it disabled with the line that says who can (docs/sponsor-desk.md, Who may do what).
 */
export function ConfirmButton({
  label,
  title,
  children,
  confirm,
  onConfirm,
  disabled,
  loading,
  refusal = null,
  variant = 'default',
}: ConfirmButtonProps) {
  if (refusal)
    return (
      <Flex direction="column" alignItems="flex-start" gap={1}>
        <Button variant={variant} disabled>
          {label}
        </Button>
        <Typography variant="pi" textColor="neutral600">
          {refusal}
        </Typography>
      </Flex>
    );
  return (
    <Dialog.Root>
      <Dialog.Trigger>
        <Button variant={variant} disabled={disabled} loading={loading}>
          {label}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Header>{title}</Dialog.Header>
        <Dialog.Body>
          <Typography>{children}</Typography>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Cancel>
            <Button fullWidth variant="tertiary">
              Cancel
            </Button>
          </Dialog.Cancel>
          <Dialog.Action>
            <Button fullWidth onClick={onConfirm}>
              {confirm}
            </Button>
          </Dialog.Action>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}
