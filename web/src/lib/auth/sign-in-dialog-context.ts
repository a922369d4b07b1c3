import { createRequiredContext } from '@/lib/required-context';

export type SignInDialogMode = 'signin' | 'registration' | 'reset';

export interface SignInDialogControl {
  /** Opens the dialog in `mode` (sign-in by default). */
  open(mode?: SignInDialogMode): void;
  close(): void;
}

/** Opens and closes the one sign-in dialog of the app from anywhere (header, guards, pages). */
export const [SignInDialogContext, useSignInDialog] = createRequiredContext<SignInDialogControl>(
  'useSignInDialog',
  'SignInDialogProvider',
);
