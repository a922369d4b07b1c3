import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, fakeCms } from '@/testing/fake-cms';
import { stubFetch } from '@/testing/fetch-stub';
import { meFixture, storeSignedIn } from '@/testing/fixtures';
import { notifyOf } from '../notify-of';

const sent = (fetchMock: ReturnType<typeof stubFetch>) =>
  callsTo(fetchMock, 'POST /api/profile/notify/save').map(({ body }) => body);

describe('notifyOf', () => {
  afterEach(() => localStorage.clear());

  it('sends each template and tags once per session, whatever the order of the tags', async () => {
    storeSignedIn(meFixture(), 'session-one');
    const fetchMock = stubFetch(fakeCms({ routes: { 'POST /api/profile/notify/save': () => ({ success: true }) } }));
    notifyOf('review_news_document', { documentTitle: 'Q3 Letter', fundName: 'Fund V' });
    notifyOf('review_news_document', { fundName: 'Fund V', documentTitle: 'Q3 Letter' });
    notifyOf('review_news_document', { documentTitle: 'Q4 Letter', fundName: 'Fund V' });
    await Promise.resolve();
    expect(sent(fetchMock)).toEqual([
      { templateName: 'review_news_document', tags: { documentTitle: 'Q3 Letter', fundName: 'Fund V' } },
      { templateName: 'review_news_document', tags: { documentTitle: 'Q4 Letter', fundName: 'Fund V' } },
    ]);

    // A new session (another sign-in) tells staff again.
    storeSignedIn(meFixture(), 'session-two');
    notifyOf('review_news_document', { documentTitle: 'Q3 Letter', fundName: 'Fund V' });
    expect(sent(fetchMock)).toHaveLength(3);
  });

  it('tries again later in the session when a notice was not sent', async () => {
    storeSignedIn(meFixture(), 'session-failing');
    let answers = 0;
    const fetchMock = stubFetch(
      fakeCms({
        routes: {
          'POST /api/profile/notify/save': () =>
            answers++ === 0 ? new Response('', { status: 503 }) : { success: true },
        },
      }),
    );
    notifyOf('proof_document_uploaded', { documentName: 'statement.pdf' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    notifyOf('proof_document_uploaded', { documentName: 'statement.pdf' });
    expect(sent(fetchMock)).toHaveLength(2);
  });

  it('sends nothing signed out or in a guest session', () => {
    const fetchMock = stubFetch(fakeCms());
    notifyOf('review_syndication', { investmentName: 'Fund V' });
    storeSignedIn(meFixture({ isGuestSession: true }), 'guest-code');
    notifyOf('review_syndication', { investmentName: 'Fund V' });
    expect(sent(fetchMock)).toEqual([]);
  });
});
