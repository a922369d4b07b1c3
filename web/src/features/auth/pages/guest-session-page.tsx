import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useNavigate, useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';

/** The spec's waits: 2 s of checking before the code is sent, 1 s of 'set' before going home. */
export const GUEST_CHECK_MS = 2000;
export const GUEST_REDIRECT_MS = 1000;
export const CHECKING_GUEST_CODE = 'Checking the guest session code…';
export const GUEST_SESSION_SET = 'The guest session is set.';
export const GUEST_SESSION_REFUSED =
  'Code is wrong or you have no rights to perform guest session. You have to be signed here as superadmin.';

type GuestStart = 'checking' | 'set' | 'wrong';

/** /guest_session/:code: a signed-in superadmin takes over the session of the user the code was made for. */
export function GuestSessionPage() {
  const { code = '' } = useParams();
  const { startGuestSession } = useSession();
  const navigate = useNavigate();
  const [start, setStart] = useState<GuestStart>('checking');

  useEffect(() => {
    let current = true;
    setStart('checking');
    const timer = setTimeout(() => {
      startGuestSession(code).then(
        () => current && setStart('set'),
        () => current && setStart('wrong'),
      );
    }, GUEST_CHECK_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [code, startGuestSession]);

  useEffect(() => {
    if (start !== 'set') return;
    const timer = setTimeout(() => navigate(paths.home.path, { replace: true }), GUEST_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [start, navigate]);

  return (
    <ContentLayout title="Guest Session">
      {start === 'checking' && <p>{CHECKING_GUEST_CODE}</p>}
      {start === 'set' && <Alert variant="success">{GUEST_SESSION_SET}</Alert>}
      {start === 'wrong' && <Alert variant="danger">{GUEST_SESSION_REFUSED}</Alert>}
    </ContentLayout>
  );
}
