import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { syncSign } from '../api/syndication';

/** The spec's wait on the signature success page before the status refresh. */
export const SUCCESS_WAIT_MS = 2000;

/**
 * /syndication/success/:synduserid, where a signer lands after signing: waits about 2 s (the provider records the
 * signature), asks for the signing status refresh, then goes home (which sends a signed-in investor on to the
 * dashboard). Public, so a refresh refused for want of a session is simply skipped.
 */
export function SyndicationSuccessPage() {
  const { synduserid = '' } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
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
  }, [synduserid, navigate]);

  return (
    <ContentLayout title="Thank you for signing">
      <p>Your signature has been received. Updating your investment…</p>
      <Spinner />
    </ContentLayout>
  );
}
