import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { Html } from '@/components/ui/html';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { investmentHref, useMyInvestments } from '@/lib/investments';
import { isProfileIncomplete, needsAccreditation } from '@/lib/profile-completion';

/** A block a page adds under the panel's lists: a title and HTML (sanitised here). */
export interface DashboardPanelExtra {
  title: string;
  html: string | null;
}

/** Something else the investor must do, listed under 'Please Complete:' after the spec's items (an open capital call). */
export interface PanelTask {
  to: string;
  label: string;
}

/**
 * The spec's left panel of the investor pages: who is signed in, their account links, the investments they said
 * yes to, what they still have to complete (and the page's own tasks), and an optional block of the page's own.
 */
export function DashboardPanel({
  extra,
  tasks = [],
  taxNotices = [],
}: {
  extra?: DashboardPanelExtra;
  tasks?: PanelTask[];
  taxNotices?: { to?: string; label: string }[];
}) {
  const { me, displayName, hasLevel } = useSession();
  const { data: investments } = useMyInvestments();
  if (!me) return null;

  const toComplete: { to: string; label: string }[] = [];
  if (isProfileIncomplete(me)) toComplete.push({ to: paths.profile.path, label: 'Account settings' });
  if (needsAccreditation(me)) toComplete.push({ to: paths.accreditationStatus.path, label: 'Accreditation status' });
  toComplete.push(...tasks);

  return (
    <Card as="aside" aria-label="Your account">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {displayName}
        </Card.Title>
        <ul className="list-unstyled mb-3">
          <li>
            <Link to={paths.profile.path}>Account settings</Link>
          </li>
          {me.newsDocumentsCount > 0 && (
            <li>
              <Link to={paths.newsDocuments.path}>News Documents</Link>
            </li>
          )}
          {hasLevel('admin') && (
            <li>
              <Link to={paths.countersign.path}>Agreements to countersign</Link>
            </li>
          )}
        </ul>

        <h3 className="h6">My Investments:</h3>
        {investments === undefined ? (
          <Spinner />
        ) : investments.length === 0 ? (
          <p>No investments</p>
        ) : (
          <ul aria-label="My Investments" className="mb-3">
            {investments.map((investment) => (
              <li key={investment.documentId}>
                <Link to={investmentHref(investment)}>{investment.name}</Link>
              </li>
            ))}
          </ul>
        )}

        {toComplete.length > 0 && (
          <>
            <h3 className="h6">Please Complete:</h3>
            <ul aria-label="Please Complete" className="mb-3">
              {toComplete.map(({ to, label }) => (
                <li key={`${to} ${label}`}>
                  {/* Named apart from the account link above, which may read and lead the same. */}
                  <Link to={to} aria-label={`Complete ${label}`}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}

        {taxNotices.length > 0 && (
          <>
            <h3 className="h6">Tax Documents:</h3>
            <ul aria-label="Tax Documents" className="mb-3">
              {taxNotices.map(({ to, label }) => (
                <li key={label}>{to ? <Link to={to}>{label}</Link> : label}</li>
              ))}
            </ul>
          </>
        )}

        {extra && (
          <section aria-label={extra.title}>
            <h3 className="h6">{extra.title}</h3>
            <Html html={extra.html} />
          </section>
        )}
      </Card.Body>
    </Card>
  );
}
