import crypto from 'node:crypto';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/auth';
import { createOffering, mailedCode, signThroughLink, type Investor, type Offering } from './helpers/signing';
import { completedAgreement, investorWithLink, openSigningChecks, post, refusal, view } from './helpers/signing-checks';
import type { TestApp } from './helpers/strapi';
import { textOf } from './helpers/pdf-text';
import { pdfsigReport, sealTimestamp, startLocalTsa, type LocalTsa } from './helpers/tsa';
import { freshNonce } from '../src/providers/signing/timestamp';
import { SIGNING, SYND_AGREEMENT, SYND_USER } from '../src/utils/uids';

/**
 * What a counterparty's lawyer can check of a completed agreement (docs/signing.md): the audit trail on its signature
 * page, an RFC 3161 timestamp in its seal (a local authority on OpenSSL) with a nonce in DER form, and the public check
 * of its fingerprint (the offering of helpers/signing-checks.ts).
 */
let app: TestApp;
let offering: Offering;
let admin: { email: string; authCode: string };

beforeAll(async () => {
  ({ app, offering, admin } = await openSigningChecks());
});

describe('the request to the time-stamping authority', () => {
  // OpenSSL's authority (and any strict one) answers "Bad request format" (status 2) to a nonce with a padding zero
  // byte: 00 followed by a byte below 0x80 is not DER. Four thousand draws meet the one in 256 that used to be so.
  it('carries a nonce that is a positive INTEGER in its shortest DER form, every time', () => {
    for (let draw = 0; draw < 4096; draw += 1) {
      const der = Buffer.from(new asn1js.Integer({ valueHex: freshNonce() }).toBER());
      const value = der.subarray(2);
      expect(der[1]).toBe(value.length);
      expect(value[0] & 0x80, `a negative nonce: ${der.toString('hex')}`).toBe(0);
      expect(value[0] === 0 && value.length > 1 && value[1] < 0x80, `a padded nonce: ${der.toString('hex')}`).toBe(
        false,
      );
    }
  });
});

describe('the completed agreement', () => {
  let tsa: LocalTsa;
  let investor: Investor;
  let pdf: Buffer;

  beforeAll(async () => {
    tsa = await startLocalTsa();
    let token: string;
    ({ investor, token } = await investorWithLink('completed'));
    // The disclosure, a code, a wrong try and the right one: each goes in the trail.
    await post(token, '/disclosure', { version: (await view(token)).body.disclosure.version });
    const code = await mailedCode(app, token, investor.email);
    await post(token, '/code/verify', { code: code === '000000' ? '111111' : '000000' });
    const verified = await post(token, '/code/verify', { code });
    expect(
      (
        await call(
          app,
          'POST',
          `/api/signing/${token}`,
          { name: 'Cora Complete', consent: true, verification: verified.body.verification },
          { ip: '198.51.100.23', headers: { 'user-agent': 'CoraPhone/2.1 (Mobile)' } },
        )
      ).status,
    ).toBe(200);
    // The authority's root pinned (SIGNING_TSA_CA): its token must chain to it.
    app.strapi.config.set('portal.signing.tsaUrl', tsa.url);
    app.strapi.config.set('portal.signing.tsaCa', path.join(tsa.dir, 'ca.crt'));
    try {
      pdf = await completedAgreement(investor);
    } finally {
      app.strapi.config.set('portal.signing.tsaUrl', '');
      app.strapi.config.set('portal.signing.tsaCa', '');
    }
  });

  afterAll(async () => {
    await tsa.close();
  });

  it('lists each signer’s consent, identity check and link events on its signature page', async () => {
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    const accepted = (
      await app.strapi.db.query(SIGNING).findOne({ where: { syndUser: { id: investor.syndUserId }, role: 'investor' } })
    ).disclosureSha256 as string;
    expect(accepted).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toMatch(
      /Electronic consent electronic records disclosure \(version [0-9a-f]{16}, SHA-256 [0-9a-f ]{64,}\) accepted \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
    );
    // The full SHA-256 of the wording the signer accepted (a long line may break inside it).
    expect(text.replace(/\s+/g, '')).toContain(
      `disclosure(version${accepted.slice(0, 16)},SHA-256${accepted})accepted`,
    );
    expect(text).toMatch(/Identity one-time code mailed to completed-\d+/);
    for (const event of [
      'link opened',
      'disclosure accepted',
      'one-time code sent to c***@',
      'wrong code, try 1 of 5',
      'code entered',
      'signed from 198.51.100.23, CoraPhone/2.1 (Mobile)',
    ]) {
      expect(text).toContain(event);
    }
    expect(text).toContain('countersigned by sign-checks-admin');
    // The portal's own address (it has no domain: SITE_URL, choosing it by slug), whatever site management used.
    expect(text).toContain(
      `Anyone holding this file can check that Portal sign-checks issued it at http://localhost:5173/agreements/verify?portal=${offering.portal.slug}.`,
    );
  });

  it('is sealed with the time-stamping authority’s token: pdfsig finds the signature valid, OpenSSL verifies the timestamp', async () => {
    const report = await pdfsigReport(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(tsa.answered()).toBeGreaterThanOrEqual(1);
    const timestamp = await sealTimestamp(pdf, tsa);
    expect(timestamp?.output).toContain('Verification: OK');
    expect(Math.abs((timestamp as { time: Date }).time.getTime() - Date.now())).toBeLessThan(5 * 60_000);
  });

  it('is not sealed while the time-stamping authority does not answer: the agreement stays waiting', async () => {
    const { investor: waiting, token } = await investorWithLink('tsa-down');
    await signThroughLink(
      app,
      token,
      waiting.email,
      { name: 'Wait Ing', consent: true },
      { authCode: waiting.authCode },
    );
    app.strapi.config.set('portal.signing.tsaUrl', 'http://127.0.0.1:9/tsr');
    try {
      const answer = await call(
        app,
        'POST',
        '/api/syndication/countersign',
        { id: waiting.syndUser, name: 'Ada Admin' },
        { authCode: admin.authCode },
      );
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toMatch(/^The time-stamping authority did not answer/);
    } finally {
      app.strapi.config.set('portal.signing.tsaUrl', '');
    }
    expect(await app.strapi.db.query(SYND_USER).findOne({ where: { id: waiting.syndUserId } })).toMatchObject({
      sa_complete_date: null,
      managementSignedAt: null,
    });
    expect(
      await app.strapi.db.query(SIGNING).count({ where: { syndUser: { id: waiting.syndUserId }, role: 'management' } }),
    ).toBe(0);
  });

  it('refuses a token the authority did not sign as it came, one signed under a root it is not pinned to, or a time off our clock: the agreement stays waiting', async () => {
    const other = await startLocalTsa();
    const selfSigned = await startLocalTsa({ selfSigned: true });
    const pinned = path.join(tsa.dir, 'ca.crt');
    const countersign = async (prefix: string, { url = tsa.url, tsaCa = pinned, tamper = false, skew = 0 } = {}) => {
      const { investor: waiting, token } = await investorWithLink(prefix);
      await signThroughLink(
        app,
        token,
        waiting.email,
        { name: 'Wait Ing', consent: true },
        { authCode: waiting.authCode },
      );
      app.strapi.config.set('portal.signing.tsaUrl', url);
      app.strapi.config.set('portal.signing.tsaCa', tsaCa);
      tsa.tamper(tamper);
      tsa.skew(skew);
      try {
        const answer = await call(
          app,
          'POST',
          '/api/syndication/countersign',
          { id: waiting.syndUser, name: 'Ada Admin' },
          { authCode: admin.authCode },
        );
        // Nothing stored: no seal, no management signature; management can countersign again.
        expect(await app.strapi.db.query(SYND_USER).findOne({ where: { id: waiting.syndUserId } })).toMatchObject({
          sa_complete_date: null,
          managementSignedAt: null,
        });
        expect(
          await app.strapi.db
            .query(SIGNING)
            .count({ where: { syndUser: { id: waiting.syndUserId }, role: 'management' } }),
        ).toBe(0);
        return answer;
      } finally {
        tsa.tamper(false);
        tsa.skew(0);
        app.strapi.config.set('portal.signing.tsaUrl', '');
        app.strapi.config.set('portal.signing.tsaCa', '');
      }
    };
    const doesNotVerify = /^The time-stamping authority's token does not verify/;
    try {
      // A network in between moved the token's time: its signature no longer matches what it certifies (pinned or not).
      const backdated = await countersign('tsa-backdated', { tsaCa: '', tamper: true });
      expect(backdated.status).toBe(502);
      expect(backdated.body.error.message).toMatch(doesNotVerify);
      // A genuine token of an authority whose certificate does not chain to the pinned root.
      const unpinned = await countersign('tsa-unpinned', { tsaCa: path.join(other.dir, 'ca.crt') });
      expect(unpinned).toMatchObject({
        status: 502,
        body: { error: { message: expect.stringMatching(doesNotVerify) } },
      });
      // A token made up whole, by a self-signed time-stamping certificate anyone can make, answering at the authority's
      // address: with the authority's root pinned, refused.
      const madeUp = await countersign('tsa-made-up', { url: selfSigned.url });
      expect(madeUp).toMatchObject({ status: 502, body: { error: { message: expect.stringMatching(doesNotVerify) } } });
      expect(selfSigned.answered()).toBe(1);
      // The pinned authority's own token, signed as it should be, for a time ten minutes ahead of our clock.
      const ahead = await countersign('tsa-clock-ahead', { skew: 10 * 60_000 });
      expect(ahead.status).toBe(502);
      expect(ahead.body.error.message).toMatch(
        /^The time-stamping authority's time \(\d{4}-\d\d-\d\dT[\d:.]+Z\) is more than 5 minutes from this server's clock \(\d{4}-\d\d-\d\dT[\d:.]+Z\): check both clocks$/,
      );
      // Within the five minutes (a minute ahead) it is taken. (Not behind: the token's time must fall within its
      // certificate's validity, which began when the authority was made for this run.)
      const { investor: late, token } = await investorWithLink('tsa-clock-near');
      await signThroughLink(app, token, late.email, { name: 'Late Ly', consent: true }, { authCode: late.authCode });
      app.strapi.config.set('portal.signing.tsaUrl', tsa.url);
      app.strapi.config.set('portal.signing.tsaCa', pinned);
      tsa.skew(60_000);
      try {
        expect(
          (
            await call(
              app,
              'POST',
              '/api/syndication/countersign',
              { id: late.syndUser, name: 'Ada Admin' },
              { authCode: admin.authCode },
            )
          ).status,
        ).toBe(200);
      } finally {
        tsa.skew(0);
        app.strapi.config.set('portal.signing.tsaUrl', '');
        app.strapi.config.set('portal.signing.tsaCa', '');
      }
    } finally {
      await other.close();
      await selfSigned.close();
    }
  });

  it('is recognised by its fingerprint on its own portal: when it was completed and the signers’ initials (of the names they signed with), nothing else', async () => {
    const sha256 = crypto.createHash('sha256').update(pdf).digest('hex');
    const { status, body } = await call(app, 'GET', `/api/agreements/verify/${sha256}?portal=${offering.portal.slug}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      valid: true,
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      portal: 'Portal sign-checks',
      signerInitials: ['C. C.', 'A. A.'],
    });
  });

  it('is recognised once the fingerprints are filled in when it was stored before they existed, a batch at a time; a missing file is left as it is', async () => {
    const sha256 = crypto.createHash('sha256').update(pdf).digest('hex');
    const check = () => call(app, 'GET', `/api/agreements/verify/${sha256}?portal=${offering.portal.slug}`);
    await app.strapi.db
      .query(SYND_AGREEMENT)
      .updateMany({ where: { syndUser: { id: investor.syndUserId } }, data: { fingerprint: null } });
    const lost = await app.strapi.db.query(SYND_AGREEMENT).create({
      data: { title: 'Agreement whose file is gone', docPath: 'agreements/gone/gone.pdf', isDeleted: false },
    });
    try {
      expect((await check()).status).toBe(404);
      const service = app.strapi.service('api::signing.signing') as unknown as {
        backfillFingerprints(options?: { batch?: number }): Promise<number>;
      };
      // At least this one (other test files' agreements may share the database and lack theirs too).
      expect(await service.backfillFingerprints({ batch: 1 })).toBeGreaterThanOrEqual(1);
      expect(await check()).toMatchObject({ status: 200, body: { valid: true, signerInitials: ['C. C.', 'A. A.'] } });
      // Run again (every start does): nothing left to fill, the missing file still has none.
      expect(await service.backfillFingerprints()).toBe(0);
      expect((await app.strapi.db.query(SYND_AGREEMENT).findOne({ where: { id: lost.id } })).fingerprint).toBeNull();
    } finally {
      await app.strapi.db.query(SYND_AGREEMENT).delete({ where: { id: lost.id } });
    }
  });

  it('refuses a changed copy, another portal’s check and a fingerprint that is not one', async () => {
    const changed = Buffer.from(pdf);
    changed[changed.length - 10] ^= 1;
    const unknown = refusal(404, 'Unknown: this portal issued no agreement with this fingerprint');
    const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
    expect(
      await call(app, 'GET', `/api/agreements/verify/${sha(changed)}?portal=${offering.portal.slug}`),
    ).toMatchObject(unknown);
    const elsewhere = await createOffering(app, 'sign-checks-elsewhere');
    expect(await call(app, 'GET', `/api/agreements/verify/${sha(pdf)}?portal=${elsewhere.portal.slug}`)).toMatchObject(
      unknown,
    );
    expect(await call(app, 'GET', '/api/agreements/verify/abc')).toMatchObject(
      refusal(400, 'The fingerprint is a SHA-256 in hex (64 characters)'),
    );
  });
});
