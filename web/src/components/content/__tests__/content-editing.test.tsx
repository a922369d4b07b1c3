import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers/app-provider';
import type { Content } from '@/lib/content';
import { AUTO_SAVE_DELAY_MS, draftStorageKey } from '@/lib/editing/content-edits';
import { useEditMode } from '@/lib/edit-mode';
import { deferred } from '@/testing/deferred';
import { type CmsRoute, callsTo, fakeCms, strapiError } from '@/testing/fake-cms';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { useFakeTimers } from '@/testing/fake-timers';
import { storeSignedIn, superadminFixture } from '@/testing/fixtures';
import { advance } from '@/testing/render-app';
import { ContentViewer } from '../content-viewer';

const PORTAL = 'wasabistallions';
const about: Content = { title: 'About us', body: '<p>We invest.</p>' };
const untitled: Content = { title: 'Terms', body: null };

interface UpdateBody {
  slug: string;
  portal: string;
  title: string;
  body: string;
}

/** The CMS's answer to a save it accepted: the item as stored. */
const accepted: CmsRoute = ({ body }) => {
  const { slug, title, body: html } = body as UpdateBody;
  return { success: true, content: { slug, title, body: html } };
};

/** The header's edit-mode switch, reduced to what these tests need. */
function EditModeSwitch() {
  const { isEditMode, setEditMode } = useEditMode();
  return (
    <button type="button" aria-pressed={isEditMode} onClick={() => setEditMode(!isEditMode)}>
      Switch On Edit Mode
    </button>
  );
}

interface Options {
  slugs?: string[];
  update?: CmsRoute;
  editMode?: boolean;
}

/**
 * Viewers of `slugs` for a signed-in superadmin, in edit mode unless told otherwise, against a CMS that knows
 * 'about' and 'untitled' and answers saves with `update`. Ends under fake timers, with the items shown.
 */
async function renderEditing({ slugs = ['about'], update = accepted, editMode = true }: Options = {}) {
  const me = superadminFixture();
  storeSignedIn(me);
  const fetchMock = stubFetch(
    fakeCms({ me, contents: { about, untitled }, routes: { 'POST /api/contents/update': update } }),
  );
  const view = render(
    <AppProvider>
      <EditModeSwitch />
      {slugs.map((slug, index) => (
        <ContentViewer key={index} slug={slug} />
      ))}
    </AppProvider>,
  );
  const realUser = userEvent.setup();
  // Loads under real timers, so that waiting for it moves no fake time.
  await screen.findAllByText(/About us|Terms|is not found/);
  if (editMode) {
    await realUser.click(screen.getByRole('button', { name: 'Switch On Edit Mode' }));
    await screen.findAllByRole('button', { name: /^Edit body of/ });
  }
  // eslint-disable-next-line react-hooks/rules-of-hooks -- fake timers for the test (named after vi.useFakeTimers), not a React hook
  useFakeTimers();
  // No pauses between keys: the tests move time themselves, to the millisecond.
  const user = userEvent.setup({ delay: null });
  const saves = () => callsTo(fetchMock, 'POST /api/contents/update').map(({ body }) => body as UpdateBody);
  return { ...view, fetchMock, user, saves };
}

/** Opens the rich-text editor of `slug` (its code loads under real timers) and hands back its text box. */
async function openBodyEditor(slug: string) {
  vi.useRealTimers();
  await userEvent.setup().click(screen.getByRole('button', { name: `Edit body of ${slug}` }));
  const box = await screen.findByRole('textbox', { name: `Body of ${slug}` }, { timeout: 10_000 });
  // eslint-disable-next-line react-hooks/rules-of-hooks -- fake timers for the test (named after vi.useFakeTimers), not a React hook
  useFakeTimers();
  return box;
}

/**
 * Selects characters `start` to `end` of the editor's first paragraph (a caret when they are equal), as a user's
 * click or drag would. Quill reads the document's selection 1 ms after the browser reports a change.
 */
async function selectInEditor(box: HTMLElement, start: number, end = start) {
  const text = box.querySelector('p')?.firstChild;
  if (!text) throw new Error('The editor has no text');
  act(() => {
    box.focus();
    const range = document.createRange();
    range.setStart(text, start);
    range.setEnd(text, end);
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
  await advance(1);
}

const storedDraft = (slug: string) => JSON.parse(localStorage.getItem(draftStorageKey(PORTAL, slug)) ?? 'null');

afterEach(() => {
  vi.useRealTimers();
});

describe('ContentViewer with edit mode off', () => {
  it('shows the item as to any visitor, even to an editor: nothing to click, no save state', async () => {
    await renderEditing({ slugs: ['about', 'missing'], editMode: false });
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(screen.getByText('We invest.')).toBeInTheDocument();
    expect(screen.getByText('missing is not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'About us' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit body/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Click to/)).not.toBeInTheDocument();
  });
});

describe('editing a title', () => {
  it(`turns the title into a 'Title' field and saves ${AUTO_SAVE_DELAY_MS} ms after the last keystroke`, async () => {
    expect(AUTO_SAVE_DELAY_MS, 'the agreed pause').toBe(800);
    const { user, saves } = await renderEditing();
    await user.click(screen.getByRole('button', { name: 'About us' }));
    const field = screen.getByRole('textbox', { name: 'Title' });
    expect(field).toHaveValue('About us');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Who we are');
    expect(screen.getByText('Saving…')).toBeInTheDocument();

    await advance(AUTO_SAVE_DELAY_MS - 1);
    expect(saves()).toEqual([]);
    await advance(1);
    expect(saves()).toEqual([{ slug: 'about', portal: PORTAL, title: 'Who we are', body: '<p>We invest.</p>' }]);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Who we are' })).toBeInTheDocument();
  });

  it('keeps the new title when the field loses focus', async () => {
    const { user, saves } = await renderEditing();
    await user.click(screen.getByRole('button', { name: 'About us' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await user.tab();
    expect(screen.getByRole('heading', { name: 'About us!' })).toBeInTheDocument();
    await advance(AUTO_SAVE_DELAY_MS);
    expect(saves().map(({ title }) => title)).toEqual(['About us!']);
  });

  it('goes back to the title it had and saves nothing on Escape', async () => {
    const { user, saves } = await renderEditing();
    await user.click(screen.getByRole('button', { name: 'About us' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' and more');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    await advance(AUTO_SAVE_DELAY_MS);
    expect(saves()).toEqual([]);
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
    expect(storedDraft('about')).toBeNull();
  });

  it('offers a missing slug to be created, with placeholders to click', async () => {
    const { user, saves } = await renderEditing({ slugs: ['new-page'] });
    expect(screen.getByText('new-page is not found. Click to create it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Click to add a title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'New page{Enter}');
    await advance(AUTO_SAVE_DELAY_MS);
    expect(saves()).toEqual([{ slug: 'new-page', portal: PORTAL, title: 'New page', body: '' }]);
    expect(screen.getByRole('heading', { name: 'New page' })).toBeInTheDocument();
    expect(screen.getByText('Click to write the text.')).toBeInTheDocument();
  });

  it('sends the empty string, never null, for the part of an item the CMS holds none of', async () => {
    const { user, saves } = await renderEditing({ slugs: ['untitled'] });
    await user.click(screen.getByRole('button', { name: 'Terms' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' of use{Enter}');
    await advance(AUTO_SAVE_DELAY_MS);
    expect(saves()).toEqual([{ slug: 'untitled', portal: PORTAL, title: 'Terms of use', body: '' }]);
  });
});

describe('editing a body in the rich-text editor', () => {
  it('opens Quill in place, labelled for assistive tech, and saves what is typed', async () => {
    const { user, saves } = await renderEditing();
    const box = await openBodyEditor('about');
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(box).toHaveTextContent('We invest.');
    expect(document.querySelector('.ql-toolbar.ql-snow')).not.toBeNull();

    await selectInEditor(box, 'We invest.'.length);
    await user.keyboard(' Together with you.');
    await advance(AUTO_SAVE_DELAY_MS - 1);
    expect(saves()).toEqual([]);
    await advance(1);
    expect(saves()).toEqual([
      { slug: 'about', portal: PORTAL, title: 'About us', body: '<p>We invest. Together with you.</p>' },
    ]);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Body of about' })).not.toBeInTheDocument();
    expect(screen.getByText('We invest. Together with you.')).toBeInTheDocument();
  });

  it("prefixes a link typed without a scheme with 'https://' in the link editor", async () => {
    const { user, saves } = await renderEditing();
    const box = await openBodyEditor('about');
    await selectInEditor(box, 'We invest.'.length);
    await user.keyboard(' Read more.');
    await selectInEditor(box, 'We invest. '.length, 'We invest. Read more'.length);
    await user.click(screen.getByRole('button', { name: 'link' }));
    // Quill offers the selected text as the address; the editor replaces it.
    const address = screen.getByRole('textbox', { name: 'Link address' });
    expect(address).toHaveValue('Read more');
    await user.clear(address);
    await user.type(address, 'example.com{Enter}');
    await advance(AUTO_SAVE_DELAY_MS);

    const body = saves().at(-1)?.body ?? '';
    expect(body).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">Read more</a>');
    expect(within(box).getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://example.com');
  });
});

describe('save states', () => {
  it("shows 'Not saved: <server message>' with Retry, keeps the draft and saves it on Retry", async () => {
    let failing = true;
    const update: CmsRoute = (request) => (failing ? strapiError(500, 'Database is busy') : accepted(request));
    const { user, saves } = await renderEditing({ update });
    await user.click(screen.getByRole('button', { name: 'About us' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' today{Enter}');
    await advance(AUTO_SAVE_DELAY_MS);

    expect(screen.getByText('Not saved: Database is busy')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About us today' })).toBeInTheDocument();
    expect(storedDraft('about')).toEqual({ title: 'About us today', body: '<p>We invest.</p>' });

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await advance();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(saves().map(({ title }) => title)).toEqual(['About us today', 'About us today']);
    expect(storedDraft('about')).toBeNull();
  });

  it('offers an unsaved draft back after a reload in edit mode, and saves it when restored', async () => {
    const first = await renderEditing({ update: () => strapiError(503, 'Service Unavailable') });
    await first.user.click(screen.getByRole('button', { name: 'About us' }));
    await first.user.type(screen.getByRole('textbox', { name: 'Title' }), ' (draft){Enter}');
    await advance(AUTO_SAVE_DELAY_MS);
    expect(screen.getByText('Not saved: Service Unavailable')).toBeInTheDocument();
    first.unmount();
    vi.useRealTimers();

    const second = await renderEditing();
    expect(screen.getByText('Changes to about from an earlier visit were not saved.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Restore them' }));
    expect(screen.getByRole('heading', { name: 'About us (draft)' })).toBeInTheDocument();
    expect(screen.queryByText(/from an earlier visit/)).not.toBeInTheDocument();
    await advance(AUTO_SAVE_DELAY_MS);
    expect(second.saves().map(({ title }) => title)).toEqual(['About us (draft)']);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(storedDraft('about')).toBeNull();
  });

  it('forgets an offered draft when it is discarded', async () => {
    localStorage.setItem(draftStorageKey(PORTAL, 'about'), JSON.stringify({ title: 'Old draft', body: '' }));
    const { user, saves } = await renderEditing();
    await user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(screen.queryByText(/from an earlier visit/)).not.toBeInTheDocument();
    expect(storedDraft('about')).toBeNull();
    await advance(AUTO_SAVE_DELAY_MS);
    expect(saves()).toEqual([]);
  });

  it('never runs two saves of an item at once, and the last edit wins with slow saves', async () => {
    const answers: ReturnType<typeof deferred<Response>>[] = [];
    const update: CmsRoute = () => {
      const answer = deferred<Response>();
      answers.push(answer);
      return answer.promise;
    };
    const { user, saves } = await renderEditing({ update });
    const reply = async (index: number, title: string) => {
      answers[index].resolve(
        jsonResponse({ success: true, content: { slug: 'about', title, body: '<p>We invest.</p>' } }),
      );
      await advance();
    };
    await user.click(screen.getByRole('button', { name: 'About us' }));
    const field = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(field);
    await user.type(field, 'One');
    await advance(AUTO_SAVE_DELAY_MS);
    await user.type(field, ' two');
    await advance(AUTO_SAVE_DELAY_MS);
    await user.type(field, ' three');
    await advance(AUTO_SAVE_DELAY_MS);
    expect(saves().map(({ title }) => title)).toEqual(['One']);

    await reply(0, 'One');
    expect(saves().map(({ title }) => title)).toEqual(['One', 'One two three']);
    expect(screen.getByText('Saving…')).toBeInTheDocument();
    await reply(1, 'One two three');
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(field).toHaveValue('One two three');

    await user.click(screen.getByRole('button', { name: 'Switch On Edit Mode' }));
    expect(screen.getByRole('heading', { name: 'One two three' })).toBeInTheDocument();
  });
});

describe('after a save', () => {
  it('shows the saved item in every viewer of the slug from the cache, without reading it again', async () => {
    const { user, fetchMock } = await renderEditing({ slugs: ['about', 'about'] });
    await user.click(screen.getAllByRole('button', { name: 'About us' })[0]);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' and friends{Enter}');
    expect(screen.getAllByRole('heading', { name: 'About us and friends' })).toHaveLength(2);
    await advance(AUTO_SAVE_DELAY_MS);
    expect(screen.getAllByText('Saved')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Switch On Edit Mode' }));
    expect(screen.getAllByRole('heading', { name: 'About us and friends' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'About us and friends' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/contents/byslug')).toHaveLength(1);
  });

  it('saves a pending change at once when edit mode is switched off', async () => {
    const { user, saves } = await renderEditing();
    await user.click(screen.getByRole('button', { name: 'About us' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' now');
    await user.click(screen.getByRole('button', { name: 'Switch On Edit Mode' }));
    await advance();
    expect(saves().map(({ title }) => title)).toEqual(['About us now']);
    expect(screen.getByRole('heading', { name: 'About us now' })).toBeInTheDocument();
  });
});
