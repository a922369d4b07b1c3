import { ContentLayout } from '@/components/layouts/content-layout';
import { useSession } from '@/lib/auth/session-context';

/** Account settings; for now whose they are, until the investor area adds the profile form. */
export function ProfilePage() {
  const { displayName } = useSession();
  return (
    <ContentLayout title="Profile">
      <p className="lead">{displayName}</p>
    </ContentLayout>
  );
}
