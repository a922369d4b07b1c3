import { beforeAll, describe, expect, it } from 'vitest';
import { call, mailsTo, signedInUser } from './helpers/auth';
import { createInvestor, createOffering, download, signLinkIn, signThroughLink, tokenOf } from './helpers/signing';
import { investorWithLink, openSigningChecks, view } from './helpers/signing-checks';
import type { TestApp } from './helpers/strapi';
import { textOf } from './helpers/pdf-text';
import { PORTAL } from '../src/utils/uids';

/**
 * An agreement's portal (docs/signing.md): its domain in the spouse's mail and on the sealed PDF when no site is named,
 * and the document management's countersigning, open to that portal's admins only (the offering of
 * helpers/signing-checks.ts).
 */
let app: TestApp;
let admin: { email: string; authCode: string };

beforeAll(async () => {
  ({ app, admin } = await openSigningChecks());
});

describe('the addresses of an agreement’s portal', () => {
  it('are its domain in the spouse’s mail and on the sealed PDF, when the request names no site (the sponsor desk countersigns without one)', async () => {
    const domained = await createOffering(app, 'sign-checks-domain');
    await app.strapi.db
      .query(PORTAL)
      .update({ where: { id: domained.portal.id }, data: { domains: ['invest.sign-checks.example'] } });
    const investor = await createInvestor(app, domained, 'domain-portal');
    const { body } = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
    );
    // Signed through a call without an Origin: the spouse's link is the portal's own.
    expect(
      (
        await signThroughLink(
          app,
          tokenOf(body.url),
          investor.email,
          { name: 'Dom Ain', consent: true },
          { authCode: investor.authCode },
        )
      ).body,
    ).toEqual({ success: true, syndUserId: investor.syndUser });
    // The one mail to the spouse (its subject, long with the fund's name, is folded in the file).
    const [spouseMail] = mailsTo(investor.spouseEmail as string);
    const spouseLink = signLinkIn(spouseMail.text);
    expect(spouseLink).toMatch(/^http:\/\/invest\.sign-checks\.example\/sign\//);
    // The investor's own session proves nothing on their spouse's link: the spouse's code is still asked for.
    expect((await view(tokenOf(spouseLink), investor.authCode)).body.identity.method).toBe('email-code');
    await signThroughLink(app, tokenOf(spouseLink), investor.spouseEmail as string, {
      name: 'Pat Partner',
      consent: true,
    });

    const desk = await app.strapi
      .service('api::signing.signing')
      .countersignAllAsStaff(
        [investor.syndUser],
        { name: 'Desk Staff', email: 'desk@sign-checks.example' },
        { ip: null, userAgent: null, origin: undefined },
      );
    expect(desk).toMatchObject({ countersigned: 1 });
    const link = await call(
      app,
      'POST',
      '/api/profile/synd_agreements/download',
      { syndUserId: investor.syndUser },
      { authCode: investor.authCode },
    );
    const text = (await textOf((await download(link.body.url, investor.authCode)).bytes)).replace(/\s+/g, ' ');
    expect(text).toContain(
      'Anyone holding this file can check that Portal sign-checks-domain issued it at http://invest.sign-checks.example/agreements/verify.',
    );
  });
});

describe('the document management countersigns', () => {
  it('is open to the portal’s admins only, as the investor side signed it', async () => {
    const { investor, token } = await investorWithLink('read-first');
    await signThroughLink(
      app,
      token,
      investor.email,
      { name: 'Rita Reader', consent: true },
      { authCode: investor.authCode },
    );
    const url = `${app.url}/api/syndication/countersign/${investor.syndUser}/document`;
    const read = await download(url, admin.authCode);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.bytes.equals((await download(`${app.url}/api/signing/${token}/document`)).bytes)).toBe(true);
    expect((await download(url, investor.authCode)).status).toBe(403);
    const elsewhere = await signedInUser(
      app,
      'read-first-elsewhere',
      'admin',
      (await createOffering(app, 'sign-checks-far')).portal,
    );
    expect((await download(url, elsewhere.authCode)).status).toBe(404);
  });
});
