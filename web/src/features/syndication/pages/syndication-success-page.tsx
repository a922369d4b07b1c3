import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { InvestorNextSteps } from '@/components/signing-complete/investor-next-steps';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { SUCCESS_WAIT_MS } from '@/lib/signing-timing';
import { syncSign } from '../api/syndication';

/**
 * /syndication/success/:synduserid, where a signed-in investor lands after signing: waits about 2 s (the provider
 * records the signature), asks for the signing status refresh, then goes home (which sends them on to the dashboard).
 * Public: opened without a session (a bookmark, an old tab), it thanks the signer and offers to sign in, and asks
 * nothing of sync_sign, which needs a session (the signing link's own page records a signature without one).
 */
export function SyndicationSuccessPage() {
  const { synduserid = '' } = useParams();
  const navigate = useNavigate();
  const { status, isSignedIn } = useSession();
  // A stored session is checked before it is judged.
  const settled = status === 'initialised';

  useEffect(() => {
    if (!settled || !isSignedIn) return;
    let current = true;
    const timer = setTimeout(() => {
      syncSign(synduserid)
        .catch(() => undefined)
        .finally(() => current && navigate(paths.home.path, { replace: true }));
    }, SUCCESS_WAIT_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [settled, isSignedIn, synduserid, navigate]);

  return (
    <ContentLayout title="Thank you for signing">
      {settled && !isSignedIn ? (
        <>
          <p>Your signature has been received.</p>
          <InvestorNextSteps />
        </>
      ) : (
        <>
          <p>Your signature has been received. Updating your investment…</p>
          <Spinner />
        </>
      )}
    </ContentLayout>
  );
}
