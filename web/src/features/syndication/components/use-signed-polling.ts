import { useEffect, useRef, useState } from 'react';
import { SIGN_POLL_INTERVAL_MS, SIGN_POLL_MAX_TRIES } from '@/lib/signing-timing';
import { type SyncSignAnswer, syncSign } from '../api/syndication';

/**
 * While `active`, asks the CMS for the signing state every 5 s, at most 10 times, and hands each answer on (a
 * failed try counts and is not shown: the spec's rule for signing calls). The caller ends it by turning `active`
 * off (once signed); `exhausted` tells that all tries were used.
 */
export function useSignedPolling(id: string, active: boolean, onAnswer: (answer: SyncSignAnswer) => void) {
  const [exhausted, setExhausted] = useState(false);
  const latest = useRef(onAnswer);
  latest.current = onAnswer;

  useEffect(() => {
    if (!active) return;
    setExhausted(false);
    let tries = 0;
    let stopped = false;
    const timer = setInterval(() => {
      tries += 1;
      if (tries >= SIGN_POLL_MAX_TRIES) {
        clearInterval(timer);
      }
      const last = tries >= SIGN_POLL_MAX_TRIES;
      syncSign(id)
        .then((answer) => !stopped && latest.current(answer))
        .catch(() => undefined)
        .finally(() => last && !stopped && setExhausted(true));
    }, SIGN_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, id]);

  return { exhausted };
}
