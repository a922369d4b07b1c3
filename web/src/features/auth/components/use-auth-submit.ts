import { type FormEvent, useState } from 'react';
import { useNotify } from '@/components/toasts/toasts';
import { ApiError } from '@/lib/api-client';

const INVALID_CAPTCHA_MESSAGE = 'Invalid Captcha';

/**
 * The submit handler of the dialog's forms: runs `action` once at a time and tells the user about a refused
 * captcha (422) with a toast, the same in every mode; any other failure goes to `onFailure`.
 */
export function useAuthSubmit(action: () => Promise<void>, onFailure: (error: unknown) => void) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) notify(INVALID_CAPTCHA_MESSAGE, { variant: 'negative' });
      else onFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { onSubmit, busy };
}
