import { ContentLayout } from '@/components/layouts/content-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { usePortal } from '@/lib/portal/portal-context';
import { useTeamMembers } from '../api/team-members';
import { teamLayoutFor } from '../components/team-layouts';
import '../team.css';

const NO_TEAM_MEMBERS = 'No team members yet.';

function TeamMembers() {
  const { selectedSlug } = usePortal();
  const { data } = useTeamMembers();
  if (!data) return <PageSpinner />;
  if (data.items.length === 0) return <p>{NO_TEAM_MEMBERS}</p>;
  const Layout = teamLayoutFor(selectedSlug);
  return <Layout members={data.items} />;
}

/** The portal's team (/about), laid out in the portal's own way. */
export function TeamPage() {
  return (
    <ContentLayout title="Team">
      <TeamMembers />
    </ContentLayout>
  );
}
