import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/lib/auth/types';
import { callsTo, type CmsRoute, strapiError } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A CMS that keeps what is saved; PUT /api/users/7 records the accreditation's date as the CMS does. */
async function renderAccreditation(me: Me = meFixture(), routes: Record<string, CmsRoute> = {}) {
  let current = me;
  const app = renderAppAs(me, '/accreditation_status', {
    routes: {
      'GET /api/auth/me': () => ({ me: current }),
      [`PUT /api/users/${me.id}`]: ({ body }) => {
        current = { ...current, ...(body as Partial<Me>), accreditationDate: '2026-05-01T14:00:00.000Z' };
        return { success: true, me: current };
      },
      'POST /api/profile/notify/save': () => ({ success: true }),
      ...routes,
    },
  });
  await findPageHeading('Accreditation Status');
  return app;
}

const typeSelect = () => screen.getByRole('combobox', { name: 'Accreditation Type' }) as HTMLSelectElement;
const options = () => within(screen.getByRole('group', { name: 'Accreditation Option' })).getAllByRole('radio');
const option = (name: string) => screen.getByRole('radio', { name });
const save = () => screen.getByRole('button', { name: 'Save' });
const WARNING = 'Investors must be accredited to invest.';

describe('/accreditation_status', () => {
  it('offers the types individual, trust, business and none, each with the thresholds the spec lists', async () => {
    const { user } = await renderAccreditation();
    expect([...typeSelect().options].map((item) => item.textContent)).toEqual([
      'Choose…',
      'Individual',
      'Trust',
      'Business',
      'None',
    ]);
    expect(save()).toBeDisabled();

    await user.selectOptions(typeSelect(), 'Individual');
    expect(options().map((radio) => radio.closest('div')?.textContent)).toEqual([
      'Income of $200k (or $300k jointly) for 2 years',
      'Net assets of $1-2.1M',
      'Net assets of $2.1-5M',
      'Net assets over $5M',
      'Participation in three offerings as an expert',
    ]);
    await user.selectOptions(typeSelect(), 'Trust');
    expect(options().map((radio) => radio.closest('div')?.textContent)).toEqual([
      'Trust assets of $5-25M',
      'Trust assets over $25M',
    ]);
    await user.selectOptions(typeSelect(), 'Business');
    expect(options().map((radio) => radio.closest('div')?.textContent)).toEqual([
      'Firm assets of $5-25M',
      'Firm assets over $25M',
      'All owners accredited',
      'All owners qualified purchasers',
    ]);
  });

  it('warns that investors must be accredited to invest when none is chosen, and cannot save none', async () => {
    const { user } = await renderAccreditation();
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    await user.selectOptions(typeSelect(), 'None');
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.selectOptions(typeSelect(), 'Individual');
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('saves only with an option and the matching name; changing the type clears the option', async () => {
    const { user } = await renderAccreditation(meFixture({ firstName: 'Ann', lastName: 'Investor' }));
    await user.selectOptions(typeSelect(), 'Individual');
    expect(save()).toBeDisabled();
    await user.click(option('Net assets over $5M'));
    // Individual: first and last name, filled from the account.
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ann');
    expect(save()).toBeEnabled();
    await user.clear(screen.getByRole('textbox', { name: 'Last Name' }));
    expect(save()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Lee');
    expect(save()).toBeEnabled();

    await user.selectOptions(typeSelect(), 'Trust');
    expect(options().filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    expect(save()).toBeDisabled();
    await user.click(option('Trust assets over $25M'));
    expect(save()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Trust Name' }), 'Lee Family Trust');
    expect(save()).toBeEnabled();

    await user.selectOptions(typeSelect(), 'Business');
    await user.click(option('All owners accredited'));
    expect(save()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Business Entity Name' }), 'Lee Holdings LLC');
    expect(save()).toBeEnabled();
  });

  it('sends the five accreditation fields, notifies accreditation_status_updated and shows when it was stated', async () => {
    const { user, fetchMock } = await renderAccreditation(
      meFixture({ profileSettings: { timezone: 'America/New_York' } }),
    );
    expect(screen.getByText(/You have not stated your accreditation status yet/)).toHaveTextContent(
      'Accreditation must be confirmed every year.',
    );
    await user.selectOptions(typeSelect(), 'Trust');
    await user.click(option('Trust assets of $5-25M'));
    await user.type(screen.getByRole('textbox', { name: 'Trust Name' }), 'Investor Family Trust');
    await user.click(save());

    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/profile/notify/save')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT /api/users/7').map(({ body }) => body)).toEqual([
      {
        firstName: 'Ann',
        lastName: 'Investor',
        trustName: 'Investor Family Trust',
        busEntityName: '',
        accreditation: 6,
      },
    ]);
    expect(callsTo(fetchMock, 'POST /api/profile/notify/save')[0].body).toEqual({
      templateName: 'accreditation_status_updated',
      tags: { status: 'Trust assets of $5-25M' },
    });
    // The session reads me again: the day it was stated, in the portal's time zone.
    expect(await screen.findByText(/Last stated on May 1, 2026\./)).toHaveTextContent(
      'Accreditation must be confirmed every year.',
    );
    expect(typeSelect()).toHaveValue('trust');
    expect(option('Trust assets of $5-25M')).toBeChecked();
  });

  it('asks to confirm an accreditation stated more than a year ago, and confirming saves it again as it is', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
    const stale = meFixture({ accreditation: 2, accreditationDate: '2025-06-01T12:00:00.000Z' });
    const { user, fetchMock } = await renderAccreditation(stale);
    expect(screen.getByText(/Last stated on Jun 1, 2025/)).toHaveTextContent(
      'Accreditation must be confirmed every year: please confirm it now.',
    );
    expect(typeSelect()).toHaveValue('individual');
    expect(option('Net assets of $1-2.1M')).toBeChecked();
    expect(save()).toBeEnabled();
    await user.click(save());
    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/users/7')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT /api/users/7')[0].body).toMatchObject({ accreditation: 2 });
  });

  it('tells the user when the save fails, and notifies nobody', async () => {
    const { user, fetchMock } = await renderAccreditation(meFixture(), {
      'PUT /api/users/7': () => strapiError(500, 'Internal Server Error'),
    });
    await user.selectOptions(typeSelect(), 'Individual');
    await user.click(option('Net assets of $2.1-5M'));
    await user.click(save());
    expect(await screen.findByText('Error Saving Profile Settings. Please notify administrator')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/profile/notify/save')).toHaveLength(0);
  });
});
