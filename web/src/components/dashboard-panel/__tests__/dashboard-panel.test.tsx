import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { type Session, SessionContext } from '@/lib/auth/session-context';
import { meFixture } from '@/testing/fixtures';
import { stubFetch } from '@/testing/fetch-stub';
import { fakeCms } from '@/testing/fake-cms';
import { DashboardPanel } from '../dashboard-panel';

/** The panel on its own, for a page that adds its block; the session is given, not restored. */
function renderPanel(extra?: { title: string; html: string }) {
  stubFetch(fakeCms({ routes: { 'GET /api/syndication/mine': () => ({ items: [] }) } }));
  const me = meFixture({ accreditation: 1 });
  const session = { me, displayName: me.displayName, hasLevel: () => false } as unknown as Session;
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <DashboardPanel extra={extra} />
        </MemoryRouter>
      </SessionContext.Provider>
    </SWRConfig>,
  );
}

describe('DashboardPanel', () => {
  it('adds the optional block with its title and sanitised HTML', async () => {
    const { container } = renderPanel({
      title: 'Tax season',
      html: '<p>Your <b>K-1</b> is ready.</p><img src=x onerror="alert(1)">',
    });
    const block = screen.getByRole('region', { name: 'Tax season' });
    expect(within(block).getByRole('heading', { name: 'Tax season' })).toBeInTheDocument();
    expect(within(block).getByText('K-1', { selector: 'b' })).toBeInTheDocument();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(await screen.findByText('No investments')).toBeInTheDocument();
  });

  it('has no extra block unless the page gives one', async () => {
    renderPanel();
    expect(await screen.findByText('No investments')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
