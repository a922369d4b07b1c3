import type { Level } from '@portal/rules';
import { type ReactNode, useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { Navigate } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth/session-context';
import { useSignInDialog } from '@/lib/auth/sign-in-dialog-context';

const SIGN_IN_REQUIRED = 'Sign In Required';
const NO_RIGHTS = "You don't have rights to view this page :(";

function SignInRequired({ prompt }: { prompt: boolean }) {
  const { open } = useSignInDialog();
  // Prompted at once, as the spec says; the button brings the dialog back once it is closed.
  useEffect(() => {
    if (prompt) open('signin');
  }, [prompt, open]);
  return (
    <ContentLayout title={SIGN_IN_REQUIRED}>
      <Button onClick={() => open('signin')}>Sign In</Button>
    </ContentLayout>
  );
}

interface AuthGuardProps {
  authRequired: boolean;
  /** The least level that may see the page; only read when authRequired. */
  requiredAuthLevel: Level;
  children: ReactNode;
}

/** Shows the page only to whom it is for; a stored session is checked before it is judged. */
export function AuthGuard({ authRequired, requiredAuthLevel, children }: AuthGuardProps) {
  const { status, isSignedIn, hasLevel } = useSession();
  // Someone who signs out here is on the way elsewhere (the header goes home): no dialog pops up at them.
  const signedInHere = useRef(false);
  if (status === 'initialised' && isSignedIn) signedInHere.current = true;

  if (!authRequired) return children;
  if (status !== 'initialised') return <PageSpinner />;
  if (!isSignedIn) return <SignInRequired prompt={!signedInHere.current} />;
  if (!hasLevel(requiredAuthLevel)) return <ContentLayout title={NO_RIGHTS} />;
  return children;
}

/** A visitors' page (the homepage at '/') that sends a signed-in user on to `to`. */
export function RedirectWhenSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const { status, isSignedIn } = useSession();
  if (status !== 'initialised') return <PageSpinner />;
  return isSignedIn ? <Navigate to={to} replace /> : children;
}
