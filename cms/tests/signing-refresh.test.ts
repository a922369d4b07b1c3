import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/answers';
import { call, waitForMail } from './helpers/auth';
import { dropboxSignOffering } from './helpers/dropbox-sign';
import { signLinkIn, tokenOf, type Investor } from './helpers/signing';
import { useStrapi, type TestApp } from './helpers/strapi';
import { SIGNING, SYND_USER } from '../src/utils/uids';

/**
 * POST /api/signing/:token/refresh: the link's own page, without any session, has Dropbox Sign's signature read and
 * recorded (docs/signing.md, With Dropbox Sign), as sync_sign does for the signed-in investor.
 */
const REQUEST_ID = 'sr-refresh-0001';

let app: TestApp;
let world: Awaited<ReturnType<typeof dropboxSignOffering>>;
let investor: Investor;

beforeAll(async () => {
  app = await useStrapi();
  world = await dropboxSignOffering(app, 'sign-refresh', REQUEST_ID);
  investor = world.investor;
});

afterAll(() => world?.close());

/** The refresh as the link's page asks it: no session; its status and body. */
const refresh = async (token: string, ip?: string) => {
  const { status, body } = await call(app, 'POST', `/api/signing/${token}/refresh`, {}, { ip });
  return { status, body };
};
const syndUser = () => app.strapi.db.query(SYND_USER).findOne({ where: { id: investor.syndUserId } });
const signerRow = (role: 'investor' | 'spouse') =>
  app.strapi.db.query(SIGNING).findOne({ where: { syndUser: { id: investor.syndUserId }, role } });
/** How often the CMS asked Dropbox Sign for the request's signatures. */
const signatureReads = () =>
  world.standIn.received.filter(
    (request) => request.method === 'GET' && request.url === `/v3/signature_request/${REQUEST_ID}`,
  ).length;

describe('POST /api/signing/:token/refresh', () => {
  let investorToken: string;

  it('records the investor’s Dropbox Sign signature for the link’s page, without any session', async () => {
    const asked = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode },
    );
    expect(asked.status).toBe(200);
    investorToken = tokenOf(asked.body.url);

    // Not signed at Dropbox Sign yet: the answer says so and nothing is written.
    expect(await refresh(investorToken)).toEqual({ status: 200, body: { signed: false } });
    expect(await signerRow('investor')).toMatchObject({ signedAt: null });
    expect(await syndUser()).toMatchObject({ syndAgreementSignedByCurrentUser: false });

    world.standIn.state.signed.add('sig-investor');
    expect(await refresh(investorToken)).toEqual({ status: 200, body: { signed: true } });
    expect(await syndUser()).toMatchObject({
      syndAgreementSignedByCurrentUser: true,
      syndAgreementSignedByCurrentUserCosub: false,
    });
    const row = await signerRow('investor');
    expect(row.signedAt).not.toBeNull();
    expect(
      (row.auditEvents as { event: string; detail?: string }[]).filter((entry) => entry.event === 'signed'),
    ).toEqual([expect.objectContaining({ event: 'signed', detail: 'at Dropbox Sign' })]);
    // What follows a signature follows this one: the spouse is mailed their link.
    await waitForMail(
      investor.spouseEmail as string,
      'Please sign your subscription agreement for sign-refresh Fund I',
    );
    expect((await call(app, 'GET', `/api/signing/${investorToken}`)).body).toMatchObject({ signed: true });

    // Once recorded, the answer is the signer row's: Dropbox Sign is not asked again.
    const reads = signatureReads();
    expect(await refresh(investorToken)).toEqual({ status: 200, body: { signed: true } });
    expect(signatureReads()).toBe(reads);
  });

  it('records the spouse’s signature from their link and fetches the signed document once the investor side is complete', async () => {
    const spouseMail = await waitForMail(
      investor.spouseEmail as string,
      'Please sign your subscription agreement for sign-refresh Fund I',
    );
    const spouseToken = tokenOf(signLinkIn(spouseMail.text));
    expect(await refresh(spouseToken)).toEqual({ status: 200, body: { signed: false } });

    world.standIn.state.signed.add('sig-spouse');
    expect(await refresh(spouseToken)).toEqual({ status: 200, body: { signed: true } });
    expect(await syndUser()).toMatchObject({ syndAgreementSignedByCurrentUserCosub: true, sa_complete_date: null });
    expect(await signerRow('spouse')).toMatchObject({ documentKey: expect.any(String) });
    expect(
      world.standIn.received.some(
        (request) => request.url === `/v3/signature_request/files/${REQUEST_ID}?file_type=pdf`,
      ),
    ).toBe(true);
    await waitForMail(world.admin.email, 'Test Person signed the agreement for sign-refresh Deal');
  });

  it('answers an unknown link 404 as the other link routes do, asking Dropbox Sign nothing', async () => {
    const before = world.standIn.received.length;
    expect(await refresh('A'.repeat(43))).toMatchObject(refusal(404, 'This signing link is not valid'));
    expect(await call(app, 'GET', `/api/signing/${'A'.repeat(43)}`)).toMatchObject(
      refusal(404, 'This signing link is not valid'),
    );
    expect(world.standIn.received.length).toBe(before);
  });

  it('is counted per client address like the link’s other repeatable calls', async () => {
    const limits = app.strapi.config.get('portal.rateLimit') as Record<string, number>;
    app.strapi.config.set('portal.rateLimit', { ...limits, ipMax: 3 });
    try {
      const ip = '203.0.113.91';
      for (let n = 0; n < 3; n += 1) expect((await refresh(investorToken, ip)).status).toBe(200);
      expect(await refresh(investorToken, ip)).toMatchObject(
        refusal(429, 'Too many attempts. Please try again in 15 minutes.'),
      );
      // Another address is not held back.
      expect((await refresh(investorToken)).status).toBe(200);
    } finally {
      app.strapi.config.set('portal.rateLimit', limits);
    }
  });
});
