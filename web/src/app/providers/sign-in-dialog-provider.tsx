import { type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import {
  SignInDialogContext,
  type SignInDialogControl,
  type SignInDialogMode,
} from '@/lib/auth/sign-in-dialog-context';

// Fetched when first opened: the dialog (modal, forms, Google and reCAPTCHA glue) is not part of the first page load.
const SignInDialog = lazy(() =>
  import('@/features/auth/components/sign-in-dialog').then((module) => ({ default: module.SignInDialog })),
);

interface DialogState {
  show: boolean;
  mode: SignInDialogMode;
  /** Counts openings: each starts a fresh dialog, not the last one's typing or confirmation. */
  opened: number;
}

/** The app's one sign-in dialog and `useSignInDialog()` to open it. */
export function SignInDialogProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<DialogState>({ show: false, mode: 'signin', opened: 0 });

  const control = useMemo(
    (): SignInDialogControl => ({
      // Asked again while open (a guard, then the header), it only changes mode and keeps what is typed.
      open: (mode = 'signin') =>
        setDialog(({ show, opened }) => ({ show: true, mode, opened: show ? opened : opened + 1 })),
      close: () => setDialog((current) => ({ ...current, show: false })),
    }),
    [],
  );

  return (
    <SignInDialogContext.Provider value={control}>
      {children}
      {dialog.opened > 0 && (
        <Suspense fallback={null}>
          <SignInDialog
            key={dialog.opened}
            show={dialog.show}
            mode={dialog.mode}
            onModeChange={(mode) => setDialog((current) => ({ ...current, mode }))}
            onHide={control.close}
          />
        </Suspense>
      )}
    </SignInDialogContext.Provider>
  );
}
