import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/lib/auth/types';
import { callsTo, type CmsRoute, strapiError } from '@/testing/fake-cms';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A CMS that keeps what is saved: PUT /api/users/7 and the settings change the me it answers. */
function renderProfile(me: Me = meFixture(), routes: Record<string, CmsRoute> = {}) {
  let current = me;
  const app = renderAppAs(me, '/profile', {
    routes: {
      'GET /api/auth/me': () => ({ me: current }),
      [`PUT /api/users/${me.id}`]: ({ body }) => {
        current = { ...current, ...(body as Partial<Me>) };
        return { success: true, me: current };
      },
      'POST /api/profile/settings': ({ body }) => {
        const { timezone } = body as { timezone: string };
        current = { ...current, profileSettings: { timezone } };
        return { success: true, profileSettings: { timezone } };
      },
      ...routes,
    },
  });
  return { ...app, current: () => current };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const save = () => screen.getByRole('button', { name: 'Save' });
const optionTexts = (element: HTMLSelectElement) => [...element.options].map((option) => option.textContent);

describe('/profile', () => {
  it("shows the user's details, the links the spec names, and Save disabled while nothing changed", async () => {
    renderProfile(
      meFixture({
        homePhone: '555-0100',
        city: 'Lexington',
        country: 'United States',
        state: 'Kentucky',
        postalCode: '40511',
      }),
    );
    await findPageHeading('Profile');
    expect(field('Home Phone')).toHaveValue('555-0100');
    expect(field('City')).toHaveValue('Lexington');
    expect(select('Country')).toHaveValue('United States');
    expect(select('State')).toHaveValue('Kentucky');
    expect(field('Postal Code')).toHaveValue('40511');
    expect(select('Timezone')).toHaveValue('America/Chicago');
    const links = within(screen.getByRole('navigation', { name: 'Profile links' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Verification Documents', '/verification_documents'],
      ['Change Accreditation Status', '/accreditation_status'],
      ['Tax Documents', '/tax_documents'],
      // Beyond the spec: every notification (docs/notifications.md).
      ['Notifications', '/notifications'],
    ]);
    expect(save()).toBeDisabled();
  });

  it('masks the postal code to 5 digits', async () => {
    const { user } = renderProfile();
    await findPageHeading('Profile');
    await user.type(field('Postal Code'), '40511-1234');
    expect(field('Postal Code')).toHaveValue('40511');
    await user.clear(field('Postal Code'));
    await user.type(field('Postal Code'), 'KY 4o5');
    expect(field('Postal Code')).toHaveValue('45');
  });

  it('lists the United States first, and enables the state only for the United States, with the 50 states', async () => {
    const { user } = renderProfile(meFixture({ country: 'Canada' }));
    await findPageHeading('Profile');
    expect(optionTexts(select('Country')).slice(0, 3)).toEqual(['Choose…', 'United States', 'Afghanistan']);
    expect(select('Country').options.length).toBeGreaterThan(240);
    expect(select('State')).toBeDisabled();

    await user.selectOptions(select('Country'), 'United States');
    expect(select('State')).toBeEnabled();
    expect(select('State').options).toHaveLength(51);
    expect(optionTexts(select('State'))).toEqual(expect.arrayContaining(['Alabama', 'Kentucky', 'Wyoming']));
    await user.selectOptions(select('State'), 'Kentucky');
    expect(select('State')).toHaveValue('Kentucky');

    await user.selectOptions(select('Country'), 'Mexico');
    expect(select('State')).toBeDisabled();
    expect(select('State')).toHaveValue('');
  });

  it('enables Save only with unsaved changes, saves the profile fields, and the session reads the new me', async () => {
    const { user, fetchMock, current } = renderProfile();
    await findPageHeading('Profile');
    await user.type(field('City'), 'Austin');
    expect(save()).toBeEnabled();
    await user.clear(field('City'));
    expect(save()).toBeDisabled();

    await user.type(field('Mobile Phone'), '555-0101');
    await user.type(field('Address 1'), '1 Barn Lane');
    await user.selectOptions(select('Country'), 'United States');
    await user.selectOptions(select('State'), 'Texas');
    const meReads = callsTo(fetchMock, 'GET /api/auth/me').length;
    await user.click(save());

    await waitFor(() => expect(save()).toBeDisabled());
    expect(callsTo(fetchMock, 'PUT /api/users/7').map(({ body }) => body)).toEqual([
      {
        homePhone: '',
        mobilePhone: '555-0101',
        address1: '1 Barn Lane',
        address2: '',
        city: '',
        country: 'United States',
        state: 'Texas',
        postalCode: '',
      },
    ]);
    // Only the profile changed: the timezone is not sent.
    expect(callsTo(fetchMock, 'POST /api/profile/settings')).toHaveLength(0);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/auth/me').length).toBe(meReads + 1));
    expect(current()).toMatchObject({ mobilePhone: '555-0101', state: 'Texas' });
    expect(await screen.findByText('Profile settings saved')).toBeInTheDocument();
  });

  it('saves a timezone on its own, empty meaning the device default', async () => {
    const { user, fetchMock } = renderProfile();
    await findPageHeading('Profile');
    expect(optionTexts(select('Timezone'))[0]).toBe('Device default');
    await user.selectOptions(select('Timezone'), 'Device default');
    await user.click(save());
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/profile/settings').map(({ body }) => body)).toEqual([{ timezone: '' }]),
    );
    expect(callsTo(fetchMock, 'PUT /api/users/7')).toHaveLength(0);
    await waitFor(() => expect(save()).toBeDisabled());
  });

  it("tells the user when the save fails, in the spec's words, and keeps the changes", async () => {
    const { user } = renderProfile(meFixture(), {
      'PUT /api/users/7': () => strapiError(400, 'postalCode must be 5 digits'),
    });
    await findPageHeading('Profile');
    await user.type(field('City'), 'Austin');
    await user.click(save());
    expect(await screen.findByText('Error Saving Profile Settings. Please notify administrator')).toBeInTheDocument();
    expect(field('City')).toHaveValue('Austin');
    expect(save()).toBeEnabled();
  });

  it('asks before leaving with unsaved changes, and stays when the user cancels', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderProfile();
    await findPageHeading('Profile');
    // Nothing changed: leaving asks nothing.
    await user.click(screen.getByRole('link', { name: 'Tax Documents' }));
    await waitFor(() => expect(window.location.pathname).toBe('/tax_documents'));
    expect(confirm).not.toHaveBeenCalled();
    window.history.back();
    await findPageHeading('Profile');

    await user.type(field('City'), 'Austin');
    await user.click(screen.getByRole('link', { name: 'Change Accreditation Status' }));
    expect(confirm).toHaveBeenCalledWith('Do you really want to leave? you have unsaved changes!');
    expect(window.location.pathname).toBe('/profile');
    expect(field('City')).toHaveValue('Austin');

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Change Accreditation Status' }));
    expect(await findPageHeading('Accreditation Status')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/accreditation_status');
  });
});
