import { beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequests, refusal } from './helpers/answers';
import { call, mailsTo, openGuestSession, signedInUser, waitForMail } from './helpers/auth';
import { createPortal, type TestPortal } from './helpers/records';
import { useStrapi, type TestApp } from './helpers/strapi';
import { NOTIFICATION, NOTIFICATION_TEMPLATE, USER } from '../src/utils/uids';

let app: TestApp;
let home: TestPortal;
let elsewhere: TestPortal;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let admin: SignedIn;
let superadmin: SignedIn;
let otherPortalAdmin: SignedIn;

const stored = (id: number) => app.strapi.db.query(USER).findOne({ where: { id } });
const put = (id: number | string, body: unknown, authCode?: string) =>
  call(app, 'PUT', `/api/users/${id}`, body, { authCode });
const saveSettings = (body: unknown, authCode?: string) =>
  call(app, 'POST', '/api/profile/settings', body, { authCode });
const notify = (body: unknown, authCode?: string) => call(app, 'POST', '/api/profile/notify/save', body, { authCode });

/** Runs `check` with a built-in template reworded as content staff might, then puts the CMS's wording back. */
async function withTemplate(name: string, data: Record<string, unknown>, check: () => Promise<void>) {
  const found = await app.strapi.db.query(NOTIFICATION_TEMPLATE).findOne({ where: { name } });
  await app.strapi.db.query(NOTIFICATION_TEMPLATE).update({ where: { id: found.id }, data });
  try {
    await check();
  } finally {
    const { subject, message, defaultTargetLevel, canSendAsEmail } = found;
    await app.strapi.db
      .query(NOTIFICATION_TEMPLATE)
      .update({ where: { id: found.id }, data: { subject, message, defaultTargetLevel, canSendAsEmail } });
  }
}

const noticesOf = async (templateName: string) =>
  (await app.strapi.db
    .query(NOTIFICATION)
    .findMany({ where: { template: { name: templateName } }, populate: { user: true }, orderBy: { id: 'asc' } })) as {
    messageSubject: string;
    messageBody: string;
    tags: Record<string, string>;
    user: { id: number };
  }[];

beforeAll(async () => {
  app = await useStrapi();
  home = await createPortal(app, 'profile-home');
  elsewhere = await createPortal(app, 'profile-elsewhere');
  admin = await signedInUser(app, 'profile-admin', 'admin', home);
  superadmin = await signedInUser(app, 'profile-super', 'superadmin', home);
  otherPortalAdmin = await signedInUser(app, 'profile-other-admin', 'admin', elsewhere);
});

describe('PUT /api/users/:id', () => {
  it("is our route, the only one of that path: the plugin's own is removed", async () => {
    const routes = app.strapi.server.api('content-api').listRoutes() as { path: string; methods: string[] }[];
    expect(routes.filter((route) => route.path === '/api/users/:id' && route.methods.includes('PUT'))).toHaveLength(1);
    // The plugin's would answer 401 to a call without its JWT, or the bare user; ours answers the contract's shape.
    const investor = await signedInUser(app, 'profile-route', 'user', home);
    const { status, body } = await put(investor.id, { city: 'Lexington' }, investor.authCode);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, me: { id: investor.id, city: 'Lexington' } });
  });

  it('changes the profile fields of the caller, by id or documentId, and answers the new me', async () => {
    const investor = await signedInUser(app, 'profile-fields', 'user', home);
    const profile = {
      homePhone: '+1 (859) 555-0100',
      mobilePhone: '859.555.0101',
      address1: ' 1 Barn Lane ',
      address2: 'Suite 2',
      city: 'Lexington',
      country: 'United States',
      state: 'Kentucky',
      postalCode: '40511',
    };
    const { status, body } = await put(investor.id, profile, investor.authCode);
    expect(status).toBe(200);
    expect(body.me).toMatchObject({
      ...profile,
      address1: '1 Barn Lane',
      email: investor.email,
      level: 'user',
      portal: 'profile-home',
    });
    const me = await call(app, 'GET', '/api/auth/me', undefined, { authCode: investor.authCode });
    expect(me.body.me).toEqual(body.me);

    const cleared = await put(
      investor.documentId,
      { address2: '', mobilePhone: null, country: 'Canada', state: 'Ontario' },
      investor.authCode,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.me).toMatchObject({
      address2: null,
      mobilePhone: null,
      country: 'Canada',
      state: 'Ontario',
      city: 'Lexington',
    });
  });

  it("answers 404 for another user's id, or an unknown one, and changes nothing", async () => {
    const investor = await signedInUser(app, 'profile-mine', 'user', home);
    const other = await signedInUser(app, 'profile-theirs', 'user', home);
    for (const id of [other.id, other.documentId, 999_999, 'nosuchuserdocument']) {
      expect(await put(id, { city: 'Elsewhere' }, investor.authCode), String(id)).toMatchObject(
        refusal(404, 'Not found'),
      );
    }
    expect((await stored(other.id)).city).toBeNull();
  });

  it('refuses any field but the profile and accreditation ones with 400 naming it, and changes nothing at all', async () => {
    const investor = await signedInUser(app, 'profile-forbidden', 'user', home);
    const before = await stored(investor.id);
    const forbidden: [Record<string, unknown>, string][] = [
      [{ level: 'superadmin' }, 'level cannot be changed here'],
      [{ city: 'Lexington', portal: elsewhere.id }, 'portal cannot be changed here'],
      [{ email: 'someone@example.com' }, 'email cannot be changed here'],
      [{ password: 'NewSecret123' }, 'password cannot be changed here'],
      [{ isActive: false }, 'isActive cannot be changed here'],
      [{ accreditationDate: '2020-01-01T00:00:00Z' }, 'accreditationDate cannot be changed here'],
      [{ homePhone: '555-0100', favouriteColour: 'green' }, 'favouriteColour cannot be changed here'],
      [{}, 'Send at least one field to change'],
    ];
    await expectBadRequests(forbidden, (body) => put(investor.id, body, investor.authCode));
    const after = await stored(investor.id);
    expect(after).toEqual(before);
    // The session still works: the account was not deactivated or moved.
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: investor.authCode })).body.me).toMatchObject({
      level: 'user',
      isActive: true,
      email: investor.email,
    });
  });

  it('checks each value: text, phone, country, US state and the 5-digit postal code', async () => {
    const investor = await signedInUser(app, 'profile-values', 'user', home);
    await put(investor.id, { country: 'United States', state: 'Kentucky' }, investor.authCode);
    const before = await stored(investor.id);
    await expectBadRequests<Record<string, unknown>>(
      [
        [{ postalCode: '4051' }, 'postalCode must be 5 digits'],
        [{ postalCode: '40511-1234' }, 'postalCode must be 5 digits'],
        [{ country: 'Atlantis' }, 'country must be one of the listed countries'],
        [{ state: 'Ontario' }, 'state must be one of the 50 US states'],
        [{ country: 'US', state: 'Puerto Rico' }, 'country must be one of the listed countries'],
        [{ homePhone: 'call me maybe' }, 'homePhone must be a phone number (digits, spaces, + ( ) - .)'],
        [{ city: 'Lex\u0000ington' }, 'city must not contain control characters'],
        [{ address1: 'x'.repeat(201) }, 'address1 must be at most 200 characters'],
        [{ city: 42 }, 'city must be a string'],
        [{ firstName: ['Ann'] }, 'firstName must be a string'],
        [{ accreditation: 99 }, 'accreditation must be one of the accreditation options (0 for none)'],
        [{ accreditation: '1' }, 'accreditation must be one of the accreditation options (0 for none)'],
      ],
      (body) => put(investor.id, body, investor.authCode),
    );
    expect(await stored(investor.id)).toEqual(before);
  });

  it('stores an accreditation with the date it was stated, and asks for the name that goes with its type', async () => {
    const investor = await signedInUser(app, 'profile-accredited', 'user', home);
    expect((await call(app, 'GET', '/api/auth/me', undefined, { authCode: investor.authCode })).body.me).toMatchObject({
      accreditation: 0,
      accreditationDate: null,
      trustName: null,
      busEntityName: null,
    });
    await expectBadRequests<Record<string, unknown>>(
      [
        [{ accreditation: 6, trustName: ' ' }, 'Trust name is required'],
        [{ accreditation: 8 }, 'Business entity name is required'],
        [{ accreditation: 2, firstName: '' }, 'First and last name are required'],
      ],
      (body) => put(investor.id, body, investor.authCode),
    );
    expect((await stored(investor.id)).accreditation).toBe(0);

    const started = Date.now();
    const { status, body } = await put(
      investor.id,
      { firstName: 'Ann', lastName: 'Lee', trustName: 'Lee Family Trust', busEntityName: '', accreditation: 6 },
      investor.authCode,
    );
    expect(status).toBe(200);
    expect(body.me).toMatchObject({
      accreditation: 6,
      trustName: 'Lee Family Trust',
      busEntityName: null,
      firstName: 'Ann',
      lastName: 'Lee',
      fullName: 'Ann Lee',
    });
    const stated = Date.parse(body.me.accreditationDate);
    expect(stated).toBeGreaterThanOrEqual(started - 1000);
    expect(stated).toBeLessThanOrEqual(Date.now() + 1000);
    expect(body.me.accreditationDate).toBe(new Date(stated).toISOString());

    // A change of address keeps the date; stating none clears it.
    expect((await put(investor.id, { city: 'Austin' }, investor.authCode)).body.me.accreditationDate).toBe(
      body.me.accreditationDate,
    );
    expect((await put(investor.id, { accreditation: 0 }, investor.authCode)).body.me).toMatchObject({
      accreditation: 0,
      accreditationDate: null,
    });
  });
});

describe('POST /api/profile/settings', () => {
  it("stores the timezone, '' for the device's own, keeping other preferences, and me carries it", async () => {
    const investor = await signedInUser(app, 'profile-tz', 'user', home);
    await app.strapi.db.query(USER).update({
      where: { id: investor.id },
      data: { profileSettings: { timezone: 'America/Chicago', layout: 'wide' } },
    });
    const saved = await saveSettings({ timezone: 'America/New_York' }, investor.authCode);
    expect(saved).toMatchObject({
      status: 200,
      body: { success: true, profileSettings: { timezone: 'America/New_York' } },
    });
    expect(
      (await call(app, 'GET', '/api/auth/me', undefined, { authCode: investor.authCode })).body.me.profileSettings,
    ).toEqual({ timezone: 'America/New_York' });
    expect((await stored(investor.id)).profileSettings).toEqual({ timezone: 'America/New_York', layout: 'wide' });

    expect((await saveSettings({ timezone: '' }, investor.authCode)).body).toEqual({
      success: true,
      profileSettings: { timezone: '' },
    });
    expect(
      (await call(app, 'GET', '/api/auth/me', undefined, { authCode: investor.authCode })).body.me.profileSettings,
    ).toEqual({ timezone: '' });
  });

  it('refuses a zone that is not one, and keeps the stored one', async () => {
    const investor = await signedInUser(app, 'profile-tz-bad', 'user', home);
    await saveSettings({ timezone: 'Europe/Paris' }, investor.authCode);
    const message = "timezone must be a time zone such as America/Chicago, or '' for the device's own";
    await expectBadRequests<Record<string, unknown>>(
      [
        [{ timezone: 'Mars/Olympus_Mons' }, message],
        [{ timezone: '+01:00' }, message],
        [{ timezone: 'EST; DROP TABLE' }, message],
        [{ timezone: 5 }, 'timezone must be a string'],
        [{}, 'timezone is required'],
      ],
      (body) => saveSettings(body, investor.authCode),
    );
    expect((await stored(investor.id)).profileSettings).toEqual({ timezone: 'Europe/Paris' });
  });
});

describe('POST /api/profile/notify/save', () => {
  it("tells the portal's staff about a staff template, with the caller's name from the server, and mails them", async () => {
    const investor = await signedInUser(app, 'profile-notify', 'user', home);
    await put(investor.id, { firstName: 'Nora', lastName: 'Notifier' }, investor.authCode);
    const before = (await noticesOf('proof_document_uploaded')).length;
    const answer = await notify(
      { templateName: 'proof_document_uploaded', tags: { documentName: 'w2.pdf', userName: 'Mallory' } },
      investor.authCode,
    );
    expect(answer).toMatchObject({ status: 200, body: { success: true } });

    const notices = (await noticesOf('proof_document_uploaded')).slice(before);
    expect(notices.map((notice) => notice.user.id).sort()).toEqual([admin.id, superadmin.id].sort());
    for (const notice of notices) {
      expect(notice).toMatchObject({
        messageSubject: 'Nora Notifier uploaded a proof document',
        messageBody: 'Nora Notifier uploaded w2.pdf for accreditation review.',
        tags: { documentName: 'w2.pdf', userName: 'Nora Notifier' },
      });
    }
    const mail = await waitForMail(admin.email, 'Nora Notifier uploaded a proof document');
    expect(mail.text).toContain('Nora Notifier uploaded w2.pdf for accreditation review.');
    expect(mailsTo(otherPortalAdmin.email)).toHaveLength(0);
    expect(mailsTo(investor.email).filter((sent) => sent.raw.includes('uploaded a proof document'))).toHaveLength(0);
  });

  it('records a user template for the caller alone', async () => {
    const investor = await signedInUser(app, 'profile-self', 'user', home);
    const own = {
      subject: 'Your accreditation status is now %status%',
      message: 'Your accreditation status is now %status%.',
      defaultTargetLevel: 'user',
      canSendAsEmail: false,
    };
    await withTemplate('accreditation_status_updated', own, async () => {
      const before = (await noticesOf('accreditation_status_updated')).length;
      expect(
        (
          await notify(
            { templateName: 'accreditation_status_updated', tags: { status: 'Trust assets over $25M' } },
            investor.authCode,
          )
        ).status,
      ).toBe(200);
      const notices = (await noticesOf('accreditation_status_updated')).slice(before);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        user: { id: investor.id },
        messageSubject: 'Your accreditation status is now Trust assets over $25M',
      });
      const mine = await call(app, 'GET', '/api/notifications?mine=true&populate=template', undefined, {
        authCode: investor.authCode,
      });
      expect(mine.body.items.map((item: { subject: string }) => item.subject)).toEqual([
        'Your accreditation status is now Trust assets over $25M',
      ]);
    });
  });

  it('refuses a template the site does not send, and tags that are not short text, recording nothing', async () => {
    const investor = await signedInUser(app, 'profile-unknown', 'user', home);
    const before = await app.strapi.db.query(NOTIFICATION).count();
    const tagsMessage =
      'tags must be an object of at most 20 names (letters, digits, _ . -) with text values of at most 500 characters';
    await expectBadRequests<Record<string, unknown>>(
      [
        [{ templateName: 'no_such_template', tags: {} }, 'Unknown notification template'],
        // Stored, but not one the site reports: a user cannot make staff believe they committed.
        [{ templateName: 'syndication_committed', tags: {} }, 'Unknown notification template'],
        [{ tags: {} }, 'templateName is required'],
        [{ templateName: 'proof_document_uploaded', tags: { documentName: 3 } }, tagsMessage],
        [{ templateName: 'proof_document_uploaded', tags: ['w2.pdf'] }, tagsMessage],
        [{ templateName: 'proof_document_uploaded', tags: { documentName: 'x'.repeat(501) } }, tagsMessage],
        [
          {
            templateName: 'proof_document_uploaded',
            tags: Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`t${index}`, 'x'])),
          },
          tagsMessage,
        ],
        [{ templateName: 'proof_document_uploaded', tags: { 'bad name': 'x' } }, tagsMessage],
      ],
      (body) => notify(body, investor.authCode),
    );
    expect(await app.strapi.db.query(NOTIFICATION).count()).toBe(before);
  });
});

describe('who may call', () => {
  it('needs a session', async () => {
    const investor = await signedInUser(app, 'profile-anon', 'user', home);
    expect((await put(investor.id, { city: 'Nowhere' })).status).toBe(401);
    expect((await saveSettings({ timezone: 'UTC' })).status).toBe(401);
    expect((await notify({ templateName: 'proof_document_uploaded', tags: {} })).status).toBe(401);
    expect((await stored(investor.id)).city).toBeNull();
  });

  it('refuses every write of a guest session with 403 and changes nothing', async () => {
    const investor = await signedInUser(app, 'profile-guest', 'user', home);
    const guest = await openGuestSession(app, investor.id);
    const before = await stored(investor.id);
    const notices = await app.strapi.db.query(NOTIFICATION).count();
    const readOnly = refusal(403, 'A guest session is read-only');
    expect(await put(investor.id, { city: 'Guestville' }, guest)).toMatchObject(readOnly);
    expect(await put(investor.id, { accreditation: 1 }, guest)).toMatchObject(readOnly);
    expect(await saveSettings({ timezone: 'UTC' }, guest)).toMatchObject(readOnly);
    expect(await notify({ templateName: 'accreditation_status_updated', tags: { status: 'x' } }, guest)).toMatchObject(
      readOnly,
    );
    expect(await stored(investor.id)).toEqual(before);
    expect(await app.strapi.db.query(NOTIFICATION).count()).toBe(notices);
  });
});
