import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SyndUserView } from '@/lib/investments';
import { callsTo, strapiError } from '@/testing/fake-cms';
import { fundFixture, investmentFixture, syndUserFixture } from '@/testing/investments';
import { meFixture } from '@/testing/fixtures';
import { findPageHeading, renderAppAs } from '@/testing/render-app';
import { PAGE_URL, renderSyndication } from './render-syndication';

const declined = syndUserFixture({
  invest_status: 'Declined investment',
  isDeclined: true,
  isGoingToInvest: false,
  feedback: 'Not this season',
  method_of_inv: 'TRUST',
});

const answerWith = (syndUser: Partial<SyndUserView>) => () => ({ success: true, syndUser: syndUserFixture(syndUser) });

const submit = () => screen.getByRole('button', { name: 'Submit' });
const choice = (name: 'Yes' | 'No') =>
  within(screen.getByRole('group', { name: 'Will you invest in Into Mischief Shares?' })).getByRole('radio', { name });
const amount = () => screen.getByRole('spinbutton', { name: 'Investment Amount' });

describe('/syndication/dashboard/:slug page', () => {
  it('shows the figures, title, sanitised descriptions, Schedule a Call and the due-diligence documents', async () => {
    const investment = investmentFixture({ fund: fundFixture({ schedule_call_url: 'https://calendly.com/wasabi' }) });
    const { container } = await renderSyndication(investment);
    const figures = Object.fromEntries(
      [...container.querySelectorAll('dl dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      'Total Investment': '$1,000,000',
      'Available Amount': '$400,000',
      'Minimum Investment': '$25,000',
      'Maximum Investment': '$400,000',
      'Close Date': 'Mar 15, 2027',
    });
    expect(document.title).toMatch(/^Into Mischief Shares Syndication @ /);
    expect(screen.getByRole('link', { name: 'Schedule a Call' })).toHaveAttribute(
      'href',
      'https://calendly.com/wasabi',
    );
    expect(screen.getByText('champion', { selector: 'em' })).toBeInTheDocument();
    expect(screen.getByText('proven sires', { selector: 'strong' })).toBeInTheDocument();
    expect(container.querySelector('main script')).toBeNull();
    const documents = screen.getByRole('region', { name: 'Due Diligence Documents' });
    expect(await within(documents).findByRole('button', { name: 'Offering Memorandum' })).toBeInTheDocument();
    expect(within(documents).getByRole('button', { name: 'vet-report.pdf' })).toBeInTheDocument();
    expect(within(documents).queryByRole('button', { name: /upload|delete|remove/i })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invest in Into Mischief Shares' })).toBeInTheDocument();
  });

  it('offers no Schedule a Call without a call URL', async () => {
    await renderSyndication(investmentFixture());
    expect(screen.queryByRole('link', { name: 'Schedule a Call' })).not.toBeInTheDocument();
  });

  it('says Not found for a slug the CMS does not know', async () => {
    renderAppAs(meFixture(), '/syndication/dashboard/nothing-here', {
      routes: { 'GET /api/syndication/byslug/nothing-here': () => strapiError(404, 'Not found') },
    });
    expect(await findPageHeading('Not found')).toBeInTheDocument();
  });
});

describe("the 'Invest in' form", () => {
  it('enables Submit only once Yes or No is chosen', async () => {
    await renderSyndication(investmentFixture());
    expect(choice('Yes')).not.toBeChecked();
    expect(choice('No')).not.toBeChecked();
    expect(submit()).toBeDisabled();
  });

  it('asks for an amount between the minimum and the maximum, in the spec words', async () => {
    const { user } = await renderSyndication(investmentFixture());
    await user.click(choice('Yes'));
    expect(screen.getByText('Investment amount is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(amount(), '1000');
    expect(screen.getByText('Minimum investment Amount is $25,000')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(amount());
    await user.type(amount(), '400001');
    expect(screen.getByText('Maximum investment Amount is $400,000')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(amount());
    await user.type(amount(), '400000');
    expect(screen.queryByText(/investment Amount is/)).not.toBeInTheDocument();
    expect(screen.getByText('Method of investment is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('offers the three methods by their spec names', async () => {
    const { user } = await renderSyndication(investmentFixture());
    await user.click(choice('Yes'));
    const method = screen.getByRole('combobox', { name: 'Method of Investment' });
    expect(
      within(method)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['', 'Choose…'],
      ['CASH', 'Individual, Direct Cash Investment'],
      ['TRUST', 'Trust'],
      ['ENTITY', 'Business Entity'],
    ]);
  });

  it('walks a married cash investor in a community-property state through the spouse details and sends them', async () => {
    const { user, fetchMock } = await renderSyndication(investmentFixture(), {
      'POST /api/syndication/set_investing': answerWith({
        is_married: true,
        is_marital_state: true,
        cosub_email: 'bo@example.com',
      }),
    });
    await user.click(choice('Yes'));
    await user.type(amount(), '50000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Method of Investment' }), 'CASH');
    expect(screen.getByText('Please answer: Are you married?')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'Are you married?' })).getByRole('radio', { name: 'Yes' }),
    );
    expect(screen.getByText('Please answer: Do you live in a community-property state?')).toBeInTheDocument();
    const state = screen.getByRole('group', { name: /Do you live in a community-property state\?/ });
    expect(state).toHaveTextContent(
      'Alaska, Arizona, California, Idaho, Louisiana, Nevada, New Mexico, Texas, Washington, Wisconsin',
    );
    await user.click(within(state).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByText('Spouse first name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Spouse First Name' }), 'Bo');
    expect(screen.getByText('Spouse last name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Spouse Last Name' }), 'Investor');
    expect(screen.getByText('Spouse email is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Spouse Email' }), 'bo@');
    expect(screen.getByText('Spouse email is not valid')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Spouse Email' }), 'example.com');
    expect(submit()).toBeEnabled();
    await user.click(submit());

    expect(await screen.findByRole('list', { name: 'Signing steps' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/syndication/set_investing').map(({ body }) => body)).toEqual([
      {
        id: 'investment-doc-5',
        invest_amount: 50000,
        method_of_inv: 'CASH',
        is_married: '1',
        is_marital_state: '1',
        cosub_first_name: 'Bo',
        cosub_last_name: 'Investor',
        cosub_email: 'bo@example.com',
      },
    ]);
  });

  it('needs no spouse outside a community-property state and sends the booleans as strings', async () => {
    const { user, fetchMock } = await renderSyndication(investmentFixture(), {
      'POST /api/syndication/set_investing': answerWith({ is_married: true }),
    });
    await user.click(choice('Yes'));
    await user.type(amount(), '25000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Method of Investment' }), 'CASH');
    await user.click(
      within(screen.getByRole('group', { name: 'Are you married?' })).getByRole('radio', { name: 'Yes' }),
    );
    await user.click(
      within(screen.getByRole('group', { name: /community-property state/ })).getByRole('radio', { name: 'No' }),
    );
    expect(screen.queryByRole('textbox', { name: 'Spouse First Name' })).not.toBeInTheDocument();
    await user.click(submit());
    await screen.findByRole('list', { name: 'Signing steps' });
    expect(callsTo(fetchMock, 'POST /api/syndication/set_investing')[0].body).toMatchObject({
      is_married: '1',
      is_marital_state: '0',
      cosub_first_name: '',
      cosub_email: '',
    });
  });

  it('asks nothing about marriage of a trust or a business entity', async () => {
    const { user, fetchMock } = await renderSyndication(investmentFixture(), {
      'POST /api/syndication/set_investing': answerWith({ method_of_inv: 'ENTITY' }),
    });
    await user.click(choice('Yes'));
    await user.type(amount(), '30000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Method of Investment' }), 'ENTITY');
    expect(screen.queryByRole('group', { name: 'Are you married?' })).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    await user.click(submit());
    await screen.findByRole('list', { name: 'Signing steps' });
    expect(callsTo(fetchMock, 'POST /api/syndication/set_investing')[0].body).toEqual({
      id: 'investment-doc-5',
      invest_amount: 30000,
      method_of_inv: 'ENTITY',
      is_married: '0',
      is_marital_state: '0',
      cosub_first_name: '',
      cosub_last_name: '',
      cosub_email: '',
    });
  });

  it('shows what the server refuses under the form', async () => {
    const { user } = await renderSyndication(investmentFixture(), {
      'POST /api/syndication/set_investing': () => strapiError(409, 'Only $40,000 is left to invest in this offering'),
    });
    await user.click(choice('Yes'));
    await user.type(amount(), '50000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Method of Investment' }), 'TRUST');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Only $40,000 is left to invest in this offering');
    expect(screen.queryByRole('list', { name: 'Signing steps' })).not.toBeInTheDocument();
  });

  it('sends No at once with the feedback, then shows the declined notice whose Yes reopens the form', async () => {
    const { user, fetchMock } = await renderSyndication(investmentFixture(), {
      'POST /api/syndication/set_not_investing': answerWith({
        invest_status: 'Declined investment',
        isDeclined: true,
        isGoingToInvest: false,
        feedback: 'Too early for me',
      }),
    });
    await user.click(choice('No'));
    expect(submit()).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'Feedback (optional)' }), 'Too early for me');
    await user.click(submit());
    expect(await screen.findByText('You have chosen not to invest in Into Mischief Shares.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/syndication/set_not_investing').map(({ body }) => body)).toEqual([
      { id: 'investment-doc-5', feedback: 'Too early for me' },
    ]);
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(choice('Yes')).toBeChecked();
    expect(amount()).toBeInTheDocument();
  });

  it('selects No on load for a declined investment, and answers with the syndication user id', async () => {
    const { user, fetchMock } = await renderSyndication(investmentFixture({ syndUser: declined }), {
      'POST /api/syndication/set_not_investing': answerWith(declined),
    });
    expect(choice('No')).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Feedback (optional)' })).toHaveValue('Not this season');
    await user.click(submit());
    await screen.findByText('You have chosen not to invest in Into Mischief Shares.');
    expect(callsTo(fetchMock, 'POST /api/syndication/set_not_investing')[0].body).toEqual({
      id: 'synd-user-doc-11',
      feedback: 'Not this season',
    });
  });

  it('opens an accepted investment on its signing steps; its answer can change until anyone signs, with Yes selected', async () => {
    const { user } = await renderSyndication(investmentFixture({ syndUser: syndUserFixture() }));
    expect(screen.getByRole('list', { name: 'Signing steps' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change my answer' }));
    expect(choice('Yes')).toBeChecked();
    expect(amount()).toHaveValue(50000);
    expect(screen.getByRole('combobox', { name: 'Method of Investment' })).toHaveValue('CASH');
    expect(
      within(screen.getByRole('group', { name: 'Are you married?' })).getByRole('radio', { name: 'No' }),
    ).toBeChecked();
  });

  it('keeps the terms of a signed agreement', async () => {
    await renderSyndication(
      investmentFixture({ syndUser: syndUserFixture({ syndAgreementSignedByCurrentUser: true }) }),
    );
    expect(screen.queryByRole('button', { name: 'Change my answer' })).not.toBeInTheDocument();
  });
});

describe('leaving with unsaved changes', () => {
  it('asks before following a link, and stays on Cancel', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await renderSyndication(investmentFixture());
    await user.click(choice('Yes'));
    await user.type(amount(), '5');
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Team' }));
    expect(confirm).toHaveBeenCalledWith('Do you really want to leave? you have unsaved changes!');
    expect(window.location.pathname).toBe(PAGE_URL);
    expect(amount()).toHaveValue(5);

    confirm.mockReturnValue(true);
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Team' }));
    await waitFor(() => expect(window.location.pathname).toBe('/about'));
  });

  it('asks the browser to confirm closing the tab, and not once the form is as saved', async () => {
    const { user } = await renderSyndication(investmentFixture());
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(choice('No'));
    expect(unload()).toBe(true);
  });

  it('lets the user leave without asking when nothing changed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { user } = await renderSyndication(investmentFixture());
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Team' }));
    await waitFor(() => expect(window.location.pathname).toBe('/about'));
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('a change of slug', () => {
  it('reads the other investment and starts its form afresh', async () => {
    const other = investmentFixture({
      documentId: 'other',
      name: 'Other Colt',
      url_slug: 'other-colt',
      syndUser: declined,
    });
    const { fetchMock } = await renderSyndication(investmentFixture(), {
      'GET /api/syndication/byslug/other-colt': () => other,
    });
    expect(choice('No')).not.toBeChecked();
    // The browser's back and forward buttons change the slug under the page (links do it the same way).
    act(() => {
      window.history.pushState(null, '', '/syndication/dashboard/other-colt');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await findPageHeading('Other Colt Syndication')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/syndication/byslug/other-colt')).toHaveLength(1);
    const group = screen.getByRole('group', { name: 'Will you invest in Other Colt?' });
    expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
  });
});
