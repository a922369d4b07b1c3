import { useEffect, useState } from 'react';
import { SIGN_POLL_INTERVAL_MS, SIGN_POLL_MAX_TRIES, SUCCESS_WAIT_MS } from '@/lib/signing-timing';
import { refreshSignature } from '../api/signing';

/** Where a signature made at Dropbox Sign stands for the link's page: being read, recorded, or not confirmed in time. */
export type SignatureRecording = 'recording' | 'recorded' | 'unconfirmed';

/**
 * While `active` (the signer finished at Dropbox Sign, with no session to ask sync_sign), has the link's signature read
 * from Dropbox Sign and recorded: as the signature success page, about 2 s first, then the spec's signing poll (every
 * 5 s, at most 10 tries in all). A failed try counts and is not shown, as the spec's signing calls are.
 */
export function useSignatureRecorded(token: string, active: boolean): SignatureRecording {
  const [state, setState] = useState<SignatureRecording>('recording');

  useEffect(() => {
    if (!active) return;
    setState('recording');
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number) => {
      timer = setTimeout(
        () => {
          refreshSignature(token)
            .then(
              (answer) => answer.signed,
              () => false,
            )
            .then((signed) => {
              if (stopped) return;
              if (signed) setState('recorded');
              else if (tries + 1 >= SIGN_POLL_MAX_TRIES) setState('unconfirmed');
              else attempt(tries + 1);
            });
        },
        tries === 0 ? SUCCESS_WAIT_MS : SIGN_POLL_INTERVAL_MS,
      );
    };
    attempt(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, token]);

  return state;
}
