import { beforeAll, describe, expect, it } from 'vitest';
import type { SigningService } from '../src/api/signing/services/signing';
import { fileLinkToken, FILE_LINK_TTL_MS } from '../src/utils/file-links';
import { expectBadRequests, refusal } from './helpers/answers';
import { call, openGuestSession, signedInUser } from './helpers/auth';
import {
  createInvestor,
  createOffering,
  signThroughLink,
  tokenOf,
  type Investor,
  type Offering,
} from './helpers/signing';
import { useStrapi, type TestApp } from './helpers/strapi';
import { SIGNING } from '../src/utils/uids';

// The service through Strapi's registry: importing it would load Strapi's ES build, which Node's resolver refuses.
const signing = (strapi: TestApp['strapi']) => strapi.service('api::signing.signing') as unknown as SigningService;

/** Each signing endpoint's refusals: no session, bad bodies, someone else's or another portal's agreement, wrong state. */
let app: TestApp;
let offering: Offering;
let investor: Investor;
let admin: { authCode: string };

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'sign-errors');
  investor = await createInvestor(app, offering, 'sign-errors-investor');
  admin = await signedInUser(app, 'sign-errors-admin', 'admin', offering.portal);
});

const SIGNED_IN_CALLS: [string, string][] = [
  ['POST', '/api/syndication/request_sign'],
  ['POST', '/api/syndication/sync_sign'],
  ['POST', '/api/syndication/signing_url'],
  ['GET', '/api/syndication/countersign'],
  ['POST', '/api/syndication/countersign'],
  ['POST', '/api/profile/synd_agreements/download'],
];

describe('who may call', () => {
  it('needs a session for every call but the signer’s link', async () => {
    for (const [method, route] of SIGNED_IN_CALLS) {
      expect(
        await call(app, method, route, method === 'POST' ? { id: investor.syndUser } : undefined),
        route,
      ).toMatchObject({ status: 401 });
    }
  });

  it('refuses every write to a guest session', async () => {
    const guest = await openGuestSession(app, investor.id);
    // The agreement's download is a read made as POST, which a guest session may make (docs/api-files.md).
    for (const [method, route] of SIGNED_IN_CALLS.filter(
      ([method, route]) => method === 'POST' && route !== '/api/profile/synd_agreements/download',
    )) {
      expect(
        await call(
          app,
          method,
          route,
          { id: investor.syndUser, syndUserId: investor.syndUser, name: 'x' },
          { authCode: guest },
        ),
        route,
      ).toMatchObject(refusal(403, 'A guest session is read-only'));
    }
  });

  it('answers 404 for another user’s or another portal’s syndication user, as for a missing one', async () => {
    const neighbour = await signedInUser(app, 'sign-errors-neighbour', 'user', offering.portal);
    const elsewhere = await createOffering(app, 'sign-errors-elsewhere');
    const stranger = await createInvestor(app, elsewhere, 'sign-errors-stranger');
    for (const route of [
      '/api/syndication/request_sign',
      '/api/syndication/sync_sign',
      '/api/syndication/signing_url',
    ]) {
      expect(
        await call(app, 'POST', route, { id: investor.syndUser }, { authCode: neighbour.authCode }),
        route,
      ).toMatchObject(refusal(404, 'Not found'));
      expect(
        await call(app, 'POST', route, { id: investor.syndUser }, { authCode: stranger.authCode }),
        route,
      ).toMatchObject(refusal(404, 'Not found'));
      expect(await call(app, 'POST', route, { id: 999_999 }, { authCode: investor.authCode }), route).toMatchObject(
        refusal(404, 'Not found'),
      );
    }
    expect(
      await call(
        app,
        'POST',
        '/api/syndication/countersign',
        { id: stranger.syndUser, name: 'Ada' },
        { authCode: admin.authCode },
      ),
    ).toMatchObject(refusal(404, 'Not found'));
    expect(
      await call(
        app,
        'POST',
        '/api/profile/synd_agreements/download',
        { syndUserId: stranger.syndUser },
        { authCode: investor.authCode },
      ),
    ).toMatchObject(refusal(404, 'Not found'));
  });
});

describe('bodies', () => {
  it('names the problem in a 400 and never fails on bad input', async () => {
    const send = (route: string, authCode: string) => (body: unknown) => call(app, 'POST', route, body, { authCode });
    for (const route of [
      '/api/syndication/request_sign',
      '/api/syndication/sync_sign',
      '/api/syndication/signing_url',
    ]) {
      await expectBadRequests<unknown>(
        [
          [{}, 'id is required'],
          [{ id: 'not an id' }, 'id must be an id or documentId'],
          [{ id: -3 }, 'id must be an id or documentId'],
          [{ id: { $ne: 1 } }, 'id must be an id or documentId'],
          [[1], 'The request body must be a JSON object'],
        ],
        send(route, investor.authCode),
      );
    }
    await expectBadRequests<unknown>(
      [
        [{}, 'syndUserId is required'],
        [{ syndUserId: 'a b' }, 'syndUserId must be an id or documentId'],
      ],
      send('/api/profile/synd_agreements/download', investor.authCode),
    );
    await expectBadRequests<unknown>(
      [
        [{ id: investor.syndUser }, 'name is required'],
        [{ id: investor.syndUser, name: '   ' }, 'name is required'],
        [{ id: investor.syndUser, name: 7 }, 'name must be a string'],
      ],
      send('/api/syndication/countersign', admin.authCode),
    );
  });
});

describe('the state an agreement must be in', () => {
  it('signs only what the investor is going to invest in', async () => {
    const decliner = await createInvestor(app, offering, 'sign-errors-decliner', {
      spouse: false,
      status: 'Declined investment',
    });
    expect(
      await call(
        app,
        'POST',
        '/api/syndication/request_sign',
        { id: decliner.syndUser },
        { authCode: decliner.authCode },
      ),
    ).toMatchObject(refusal(409, 'Commit to this investment before signing its agreement'));
    expect(
      await call(
        app,
        'POST',
        '/api/syndication/signing_url',
        { id: decliner.syndUser },
        { authCode: decliner.authCode },
      ),
    ).toMatchObject({ status: 200, body: { url: null } });
  });

  it('refuses countersigning before the investor signed, and download before the agreement is complete', async () => {
    const early = await createInvestor(app, offering, 'sign-errors-early', { spouse: false });
    expect(
      await call(
        app,
        'POST',
        '/api/syndication/countersign',
        { id: early.syndUser, name: 'Ada' },
        { authCode: admin.authCode },
      ),
    ).toMatchObject(refusal(409, 'The investor has not signed this agreement yet'));
    await call(app, 'POST', '/api/syndication/request_sign', { id: early.syndUser }, { authCode: early.authCode });
    expect(
      await call(
        app,
        'POST',
        '/api/syndication/countersign',
        { id: early.syndUser, name: 'Ada' },
        { authCode: admin.authCode },
      ),
    ).toMatchObject(refusal(409, 'The investor has not signed this agreement yet'));
    expect(
      await call(
        app,
        'POST',
        '/api/profile/synd_agreements/download',
        { syndUserId: early.syndUser },
        { authCode: early.authCode },
      ),
    ).toMatchObject(refusal(404, 'Not found'));
  });

  it('discards an unsigned agreement when the terms change, and renders a new one at the next request', async () => {
    const changer = await createInvestor(app, offering, 'sign-errors-changer', { spouse: false });
    const first = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: changer.syndUser },
      { authCode: changer.authCode },
    );
    expect(await signing(app.strapi).discardUnsigned(changer.syndUserId)).toBe(1);
    expect(await call(app, 'GET', `/api/signing/${tokenOf(first.body.url)}`)).toMatchObject(
      refusal(404, 'This signing link is not valid'),
    );
    const second = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: changer.syndUser },
      { authCode: changer.authCode },
    );
    expect(second.body.url).not.toBe(first.body.url);
    // Once the investor signed, nothing is discarded.
    expect(
      (await signThroughLink(app, tokenOf(second.body.url), changer.email, { name: 'Changer', consent: true })).status,
    ).toBe(200);
    expect(await signing(app.strapi).discardUnsigned(changer.syndUserId)).toBe(0);
  });
});

describe('the signer’s link', () => {
  let investorToken: string;
  let spouseToken: string;

  beforeAll(async () => {
    const started = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode },
    );
    investorToken = tokenOf(started.body.url);
    const spouse = await app.strapi.db
      .query(SIGNING)
      .findOne({ where: { syndUser: { id: investor.syndUserId }, role: 'spouse' } });
    spouseToken = signing(app.strapi).linkTokenOf(spouse) as string;
  });

  it('answers 404 for a link that is not one', async () => {
    for (const token of ['nope', 'x'.repeat(43)]) {
      expect(await call(app, 'GET', `/api/signing/${token}`)).toMatchObject(
        refusal(404, 'This signing link is not valid'),
      );
      expect(await call(app, 'GET', `/api/signing/${token}/document`)).toMatchObject(
        refusal(404, 'This signing link is not valid'),
      );
      expect(await call(app, 'POST', `/api/signing/${token}`, { name: 'X', consent: true })).toMatchObject(
        refusal(404, 'This signing link is not valid'),
      );
    }
  });

  it('wants consent, a name and, if any, a real PNG', async () => {
    await expectBadRequests<unknown>(
      [
        [{ name: 'Sue' }, 'Please agree to sign electronically (consent: true)'],
        [{ name: 'Sue', consent: 'yes' }, 'Please agree to sign electronically (consent: true)'],
        [{ consent: true }, 'name is required'],
        [
          { name: 'Sue', consent: true, signature: 'data:image/png;base64,AAAA' },
          'signature must be a PNG image as a data URL (data:image/png;base64,...)',
        ],
        [{ name: 'Sue', consent: true, signature: 'x'.repeat(200_001) }, 'signature must be at most 200000 characters'],
      ],
      (body) => call(app, 'POST', `/api/signing/${investorToken}`, body),
    );
  });

  it('lets the spouse sign only after the investor', async () => {
    expect((await call(app, 'GET', `/api/signing/${spouseToken}`)).body).toMatchObject({
      signer: { role: 'spouse' },
      canSign: false,
    });
    expect(await call(app, 'POST', `/api/signing/${spouseToken}`, { name: 'Pat', consent: true })).toMatchObject(
      refusal(409, 'The investor signs first; you will get a new email once they have'),
    );
  });

  it('stops working when it expires', async () => {
    await app.strapi.db.query(SIGNING).update({
      where: { syndUser: { id: investor.syndUserId }, role: 'investor' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await call(app, 'GET', `/api/signing/${investorToken}`)).toMatchObject(
      refusal(403, 'This signing link has expired'),
    );
    expect(await call(app, 'POST', `/api/signing/${investorToken}`, { name: 'Late', consent: true })).toMatchObject(
      refusal(403, 'This signing link has expired'),
    );
  });
});

describe('download links', () => {
  it('serve nothing for a forged, altered or expired token', async () => {
    const file = { storage: 'local', key: 'agreements/none/file.pdf', name: 'file.pdf' };
    const valid = fileLinkToken(file);
    expect(await call(app, 'GET', `/api/files/${valid}`)).toMatchObject(refusal(404, 'Not found'));
    const [payload, mac] = valid.split('.');
    const forged = `${Buffer.from(JSON.stringify({ s: 'local', k: 'agreements/other.pdf', n: 'x.pdf', e: Date.now() + 60_000 })).toString('base64url')}.${mac}`;
    for (const token of ['garbage', `${payload}.AAAA`, forged, `${payload}.${mac}.x`])
      expect(await call(app, 'GET', `/api/files/${token}`), token).toMatchObject(refusal(404, 'Not found'));
    const expired = fileLinkToken(file, Date.now() - FILE_LINK_TTL_MS - 1000);
    expect(await call(app, 'GET', `/api/files/${expired}`)).toMatchObject(
      refusal(403, 'This download link has expired'),
    );
  });
});
