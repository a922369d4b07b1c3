import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE_URL } from '@/components/images/image-or-placeholder';
import { callsTo, fakeCms } from '@/testing/fake-cms';
import { portalFixture } from '@/testing/fixtures';
import { findPageHeading, renderApp } from '@/testing/render-app';
import type { TeamMember } from '../api/team-members';

function member(id: number, name: string, overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id,
    documentId: `member-${id}`,
    name,
    position: null,
    bio: null,
    imageUrl: `https://img.example.com/${id}.jpg`,
    sortOrder: id,
    ...overrides,
  };
}

/** Each portal's team, in the order the CMS sorts it. */
const TEAMS: Record<string, TeamMember[]> = {
  wasabistallions: [
    member(1, 'Hana Ishikawa', {
      position: 'Founder & Managing Partner',
      bio: '<p>Bought her first <strong>yearling</strong> in 2004.</p><img src="x" onerror="alert(1)">',
    }),
    member(2, 'Maria Okafor', { position: 'Head of Investor Relations', imageUrl: '' }),
  ],
  oakharbor: [member(3, 'Eleanor Vance', { position: 'Managing Partner' })],
};

/** The collection call's list of the portal the query names, as the CMS scopes it. */
const teamCms = (options: Parameters<typeof fakeCms>[0] = {}) =>
  fakeCms({
    ...options,
    routes: {
      'GET /api/team_members': ({ url }) => {
        const items = TEAMS[url.searchParams.get('portal') ?? ''] ?? [];
        return { items, total: items.length };
      },
    },
  });

const memberItems = () => within(screen.getByRole('list', { name: 'Team members' })).getAllByRole('listitem');

describe('/about', () => {
  it("asks for the portal's team in its sort order and shows name, position, bio and photo", async () => {
    const { fetchMock } = renderApp('/about', teamCms());
    expect(await findPageHeading('Team')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Team @ Wasabi Stallions Investor Portal'));
    expect(await screen.findByRole('heading', { name: 'Hana Ishikawa' })).toBeInTheDocument();

    const [query] = callsTo(fetchMock, 'GET /api/team_members').map(({ url }) => url.searchParams);
    expect(query.get('portal')).toBe('wasabistallions');
    expect(query.get('sort')).toBe('sortOrder');

    const [hana, maria] = memberItems();
    expect(within(hana).getByRole('heading')).toHaveTextContent('Hana Ishikawa');
    expect(within(hana).getByText('Founder & Managing Partner')).toBeInTheDocument();
    expect(within(hana).getByText('yearling', { selector: 'strong' })).toBeInTheDocument();
    expect(hana.querySelector('[onerror]')).toBeNull();
    expect(within(hana).getByRole('img', { name: 'Hana Ishikawa' })).toHaveAttribute(
      'src',
      'https://img.example.com/1.jpg',
    );
    expect(within(maria).getByRole('heading')).toHaveTextContent('Maria Okafor');
  });

  it('shows a neutral placeholder for a member without a photo, or whose photo does not load', async () => {
    renderApp('/about', teamCms());
    expect(await screen.findByRole('img', { name: 'Maria Okafor' })).toHaveAttribute('src', PLACEHOLDER_IMAGE_URL);

    const hana = screen.getByRole('img', { name: 'Hana Ishikawa' });
    fireEvent.error(hana);
    expect(hana).toHaveAttribute('src', PLACEHOLDER_IMAGE_URL);
  });

  it('lays wasabistallions out as cards in a grid and oakharbor as a list with the photo left', async () => {
    const wasabi = renderApp('/about', teamCms());
    await screen.findByRole('heading', { name: 'Hana Ishikawa' });
    const grid = screen.getByRole('list', { name: 'Team members' });
    expect(grid).toHaveClass('team-grid', 'row');
    expect(memberItems()[0].querySelector('.card')).not.toBeNull();
    wasabi.unmount();

    renderApp('/about?portal=oakharbor', teamCms());
    await screen.findByRole('heading', { name: 'Eleanor Vance' });
    expect(screen.queryByText('Hana Ishikawa')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Team members' });
    expect(list).toHaveClass('team-list');
    expect(list).not.toHaveClass('team-grid');
    const [eleanor] = memberItems();
    // The photo comes first in the row, the text after it.
    expect(eleanor.firstElementChild).toBe(within(eleanor).getByRole('img', { name: 'Eleanor Vance' }));
    expect(eleanor).toHaveClass('flex-sm-row');
  });

  it('says so when the portal has no team yet', async () => {
    renderApp('/about', teamCms({ portals: [portalFixture({ slug: 'newfund', isDefault: true })] }));
    expect(await screen.findByText('No team members yet.')).toBeInTheDocument();
  });
});
