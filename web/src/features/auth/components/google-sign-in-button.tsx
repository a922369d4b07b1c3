import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { useSession } from '@/lib/auth/session-context';
import { type GoogleIdentity, loadGoogleIdentity } from '@/lib/google';
import { useTimedValue } from '@/lib/use-timed-value';

export const GOOGLE_ERROR_MS = 1000;

interface GoogleSignInButtonProps {
  clientId: string;
  onSignedIn: () => void;
}

/**
 * 'Sign In With Google'. Google's own button can only be rendered by its script, in an iframe that cannot turn
 * red on failure and is missing when Google is unreachable; so the site shows its own button and lays Google's,
 * all but transparent, over it (styles/theme.css). Reaching the site's button means Google's is not there
 * (unreachable: a failure) or the user came by keyboard (Google's One Tap prompt).
 */
export function GoogleSignInButton({ clientId, onSignedIn }: GoogleSignInButtonProps) {
  const { googleSignIn } = useSession();
  const [failed, showFailure] = useTimedValue<true>(GOOGLE_ERROR_MS);
  const overlay = useRef<HTMLDivElement>(null);
  const identity = useRef<GoogleIdentity | null>(null);
  // Google keeps the callback it is initialised with; this ref lets it reach the current props.
  const onCredential = useRef<(credential: string) => void>(() => {});
  onCredential.current = (credential) => {
    googleSignIn(credential).then(onSignedIn, () => showFailure(true));
  };

  useEffect(() => {
    let mounted = true;
    void loadGoogleIdentity().then((google) => {
      if (!mounted || !google || !overlay.current) return;
      google.initialize({ client_id: clientId, callback: ({ credential }) => onCredential.current(credential) });
      google.renderButton(overlay.current, { type: 'standard', width: overlay.current.offsetWidth || undefined });
      identity.current = google;
    });
    return () => {
      mounted = false;
    };
  }, [clientId]);

  return (
    <div className="position-relative">
      <Button
        variant={failed ? 'danger' : 'outline-secondary'}
        className="w-100"
        onClick={() => (identity.current ? identity.current.prompt() : showFailure(true))}
      >
        Sign In With Google
      </Button>
      <div ref={overlay} className="google-button-overlay" />
    </div>
  );
}
