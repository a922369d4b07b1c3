import type { ComponentType } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ImageOrPlaceholder } from '@/components/images/image-or-placeholder';
import { Html } from '@/components/ui/html';
import { portalVariant } from '@/lib/portal-variant';
import type { TeamMember } from '../api/team-members';

interface TeamLayoutProps {
  members: TeamMember[];
}

function MemberText({ member }: { member: TeamMember }) {
  return (
    <>
      <h2 className="h5 mb-1">{member.name}</h2>
      {member.position && <p className="text-body-secondary mb-3">{member.position}</p>}
      <Html html={member.bio} className="team-member-bio" />
    </>
  );
}

/** Cards in a grid, photo on top. */
function TeamGrid({ members }: TeamLayoutProps) {
  return (
    <Row as="ul" xs={1} sm={2} lg={3} className="team-grid list-unstyled g-4" aria-label="Team members">
      {members.map((member) => (
        <Col as="li" key={member.documentId}>
          <Card className="h-100 shadow-sm">
            <ImageOrPlaceholder src={member.imageUrl} alt={member.name} className="card-img-top team-photo" />
            <Card.Body>
              <MemberText member={member} />
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** One person a row, photo on the left. */
function TeamList({ members }: TeamLayoutProps) {
  return (
    <ul className="team-list list-unstyled" aria-label="Team members">
      {members.map((member) => (
        <li key={member.documentId} className="d-flex flex-column flex-sm-row gap-4 py-4 border-bottom">
          <ImageOrPlaceholder src={member.imageUrl} alt={member.name} className="team-list-photo rounded" />
          <div>
            <MemberText member={member} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const TEAM_LAYOUTS: Record<string, ComponentType<TeamLayoutProps>> = {
  wasabistallions: TeamGrid,
  oakharbor: TeamList,
};

/** The team layout made for the portal `slug`; portals without one get the grid. */
export const teamLayoutFor = (slug: string) => portalVariant(TEAM_LAYOUTS, slug, TeamGrid);
