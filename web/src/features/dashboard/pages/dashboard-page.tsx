import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';

/** The investor's dashboard; for now the left panel's user summary, which the investor area fills out. */
export function DashboardPage() {
  const { displayName } = useSession();
  return (
    <ContentLayout title="Dashboard">
      <Card className="col-md-4">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            {displayName}
          </Card.Title>
          <Link to={paths.profile.path}>Account settings</Link>
        </Card.Body>
      </Card>
    </ContentLayout>
  );
}
