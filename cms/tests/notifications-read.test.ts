import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, refusal } from './helpers/answers';
import { call, openGuestSession, signedInUser, signIn } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { useStrapi, type TestApp } from './helpers/strapi';
import { USER } from '../src/utils/uids';

/**
 * POST /api/profile/notifications/read (docs/api-profile.md, Notifications read on every device): the time up to which
 * a user read their notifications, kept by the CMS so that their other devices show them read, in me.profileSettings.
 */
let app: TestApp;
let home: TestPortal;

const markRead = (body: unknown, authCode?: string) =>
  call(app, 'POST', '/api/profile/notifications/read', body, { authCode });
const settingsOf = async (authCode: string) =>
  (await call(app, 'GET', '/api/auth/me', undefined, { authCode })).body.me.profileSettings;

beforeAll(async () => {
  app = await useStrapi();
  home = await createPortal(app, 'notices-read');
});

describe('POST /api/profile/notifications/read', () => {
  it("keeps the read time for every device of the user (me carries it), and never another user's", async () => {
    const ann = await signedInUser(app, 'notices-read-ann', 'user', home);
    const ben = await signedInUser(app, 'notices-read-ben', 'user', home);
    expect(await settingsOf(ann.authCode)).toEqual({});

    const readAt = new Date(Date.now() - 60_000).toISOString();
    expect(await markRead({ readAt }, ann.authCode)).toMatchObject({
      status: 200,
      body: { success: true, notificationsReadAt: readAt },
    });
    // Another device of Ann's: a session of its own.
    const annElsewhere = await signIn(app, ann.email, ann.password, { portal: home.slug });
    expect(annElsewhere).not.toBe(ann.authCode);
    expect(await settingsOf(annElsewhere)).toEqual({ notificationsReadAt: readAt });
    expect(await settingsOf(ben.authCode)).toEqual({});
  });

  it('never goes back (a device that lags leaves it), and never past now', async () => {
    const investor = await signedInUser(app, 'notices-read-order', 'user', home);
    const later = new Date(Date.now() - 1_000).toISOString();
    await markRead({ readAt: later }, investor.authCode);
    const earlier = new Date(Date.now() - 3_600_000).toISOString();
    expect((await markRead({ readAt: earlier }, investor.authCode)).body).toEqual({
      success: true,
      notificationsReadAt: later,
    });
    expect(await settingsOf(investor.authCode)).toEqual({ notificationsReadAt: later });

    const before = Date.now();
    const answer = await markRead({ readAt: '2099-01-01T00:00:00.000Z' }, investor.authCode);
    const kept = Date.parse(answer.body.notificationsReadAt);
    expect(kept).toBeGreaterThanOrEqual(before);
    expect(kept).toBeLessThanOrEqual(Date.now());
  });

  it('keeps the time zone, and the time zone keeps it', async () => {
    const investor = await signedInUser(app, 'notices-read-zone', 'user', home);
    await call(app, 'POST', '/api/profile/settings', { timezone: 'America/Chicago' }, { authCode: investor.authCode });
    const readAt = new Date(Date.now() - 5_000).toISOString();
    await markRead({ readAt }, investor.authCode);
    expect(await settingsOf(investor.authCode)).toEqual({ timezone: 'America/Chicago', notificationsReadAt: readAt });
    await call(app, 'POST', '/api/profile/settings', { timezone: 'Europe/Paris' }, { authCode: investor.authCode });
    expect(await settingsOf(investor.authCode)).toEqual({ timezone: 'Europe/Paris', notificationsReadAt: readAt });
  });

  it('refuses what is not a moment with a sentence, a guest session and a visitor, and stores nothing', async () => {
    const investor = await signedInUser(app, 'notices-read-bad', 'user', home);
    const message = 'readAt must be a date and time such as 2026-11-29T12:00:00.000Z';
    await expectBadRequests(
      [
        [{ readAt: 'yesterday' }, message],
        [{ readAt: '2026-11-29' }, message],
        [{ readAt: '2026-13-01T00:00:00Z' }, message],
        [{ readAt: '' }, 'readAt is required'],
        [{}, 'readAt is required'],
      ],
      (body) => markRead(body, investor.authCode),
    );
    const guest = await openGuestSession(app, investor.id);
    expect(await markRead({ readAt: new Date().toISOString() }, guest)).toMatchObject(
      refusal(403, 'A guest session is read-only'),
    );
    expect((await markRead({ readAt: new Date().toISOString() })).status).toBe(401);
    const row = await app.strapi.db.query(USER).findOne({ where: { id: investor.id }, select: ['profileSettings'] });
    expect(row.profileSettings ?? {}).toEqual({});
  });
});
