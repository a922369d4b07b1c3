import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/providers/app-provider';
import { useEditMode } from '@/lib/edit-mode';
import { fakeCms } from '@/testing/fake-cms';
import { stubFetch } from '@/testing/fetch-stub';
import { storeSignedIn, superadminFixture } from '@/testing/fixtures';
import { ContentViewer } from '../content-viewer';

// Each factory runs when its module is first imported, and hands over the real module: a count of loads, not a mock.
const loads = vi.hoisted(() => ({ editor: 0, quill: 0 }));
vi.mock('../rich-text-editor', async (importOriginal) => {
  loads.editor += 1;
  return importOriginal();
});
vi.mock('react-quill-new', async (importOriginal) => {
  loads.quill += 1;
  return importOriginal();
});

function EditModeSwitch() {
  const { setEditMode } = useEditMode();
  return (
    <button type="button" onClick={() => setEditMode(true)}>
      Switch On Edit Mode
    </button>
  );
}

describe('the rich-text editor code', () => {
  it('is not loaded until edit mode is on, even for an editor looking at content', async () => {
    const me = superadminFixture();
    storeSignedIn(me);
    stubFetch(fakeCms({ me, contents: { about: { title: 'About us', body: '<p>We invest.</p>' } } }));
    render(
      <AppProvider>
        <EditModeSwitch />
        <ContentViewer slug="about" />
        <ContentViewer slug="missing" />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(screen.getByText('missing is not found')).toBeInTheDocument();
    expect(loads).toEqual({ editor: 0, quill: 0 });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Switch On Edit Mode' }));
    await waitFor(() => expect(loads).toEqual({ editor: 1, quill: 1 }), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Edit body of about' }));
    expect(await screen.findByRole('textbox', { name: 'Body of about' })).toHaveTextContent('We invest.');
    expect(loads).toEqual({ editor: 1, quill: 1 });
  });
});
