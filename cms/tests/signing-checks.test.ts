import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, mailsTo, openGuestSession, signedInUser, waitForMail } from './helpers/auth';
import {
  createInvestor,
  createOffering,
  download,
  mailedCode,
  signLinkIn,
  signThroughLink,
  tokenOf,
  type Investor,
  type Offering,
} from './helpers/signing';
import { http, useStrapi, type TestApp, fixtureDocuments } from './helpers/strapi';
import type { signerCheck as SignerCheck } from '../src/api/signing/services/signer-check';
import type { CheckedSigner } from '../src/api/signing/services/signer-trail';
import { textOf } from './helpers/pdf-text';
import { pdfsigReport, sealTimestamp, startLocalTsa, type LocalTsa } from './helpers/tsa';
import { freshNonce } from '../src/providers/signing/timestamp';
import { PORTAL, SIGNING, SYND_AGREEMENT, SYND_USER } from '../src/utils/uids';

/**
 * What a signer goes through before signing on the portal's own signer, and what a counterparty's lawyer can check
 * afterwards (docs/signing.md): the electronic records disclosure, accepted and recorded; the mailed one-time code
 * (five tries, ten minutes, then the link locked ten minutes); the investor's own session instead of a code; the
 * audit trail on the completed agreement; an RFC 3161 timestamp in the seal (a local authority on OpenSSL); and the
 * public check of a completed agreement's fingerprint.
 */
let app: TestApp;
let offering: Offering;
let admin: { email: string; authCode: string };
const refusal = (status: number, message: string) => ({ status, body: { error: { message } } });
const view = (token: string, authCode?: string) => call(app, 'GET', `/api/signing/${token}`, undefined, { authCode });
const post = (token: string, suffix: string, body: unknown = {}) =>
  call(app, 'POST', `/api/signing/${token}${suffix}`, body);
const signerRow = (token: string) =>
  app.strapi.db
    .query(SIGNING)
    .findOne({ where: { tokenHash: crypto.createHash('sha256').update(token).digest('hex') } });
/** Whether `value` (a date or its ISO text) is `minutes` from now, give or take half a minute. */
const minutesFromNow = (value: unknown, minutes: number) =>
  Math.abs(new Date(value as string).getTime() - (Date.now() + minutes * 60_000)) < 30_000;

const setSigner = (token: string, data: Record<string, unknown>) =>
  app.strapi.db
    .query(SIGNING)
    .update({ where: { tokenHash: crypto.createHash('sha256').update(token).digest('hex') }, data });

/** An investor of the offering who asked to sign (no spouse): their link's token; `accepted`: the disclosure accepted on it. */
async function investorWithLink(
  prefix: string,
  { accepted = false } = {},
): Promise<{ investor: Investor; token: string }> {
  const investor = await createInvestor(app, offering, prefix, { spouse: false });
  const { body } = await call(
    app,
    'POST',
    '/api/syndication/request_sign',
    { id: investor.syndUser },
    { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
  );
  const token = tokenOf(body.url);
  if (accepted) await post(token, '/disclosure', { version: (await view(token)).body.disclosure.version });
  return { investor, token };
}

/** Countersigns the investor's agreement as the portal's admin and downloads the completed PDF as the investor. */
async function completedAgreement(investor: Investor): Promise<Buffer> {
  const countersigned = await call(
    app,
    'POST',
    '/api/syndication/countersign',
    { id: investor.syndUser, name: 'Ada Admin' },
    { authCode: admin.authCode, headers: { origin: 'http://localhost:5173' } },
  );
  expect(countersigned.status, JSON.stringify(countersigned.body)).toBe(200);
  const { body } = await call(
    app,
    'POST',
    '/api/profile/synd_agreements/download',
    { syndUserId: investor.syndUser },
    { authCode: investor.authCode },
  );
  return (await download(body.url, investor.authCode)).bytes;
}

beforeAll(async () => {
  app = await useStrapi();
  offering = await createOffering(app, 'sign-checks');
  admin = await signedInUser(app, 'sign-checks-admin', 'admin', offering.portal);
});

describe('the electronic records disclosure', () => {
  it('shows the default wording until the portal’s staff word their own (content item esign-disclosure), each with its version', async () => {
    const { token } = await investorWithLink('disclosure-wording');
    const before = (await view(token)).body.disclosure;
    expect(before).toMatchObject({
      title: 'Consent to electronic records and signatures',
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(before.body).toContain('paper copy');
    expect(before.body).toContain('withdraw');
    expect(before.body).toContain('web browser');

    const item = await fixtureDocuments(app, 'api::content.content').create({
      data: {
        slug: 'esign-disclosure',
        title: 'Our e-sign terms',
        body: '<p>Paper copies from ir@sign-checks.example.</p>',
        portal: offering.portal.documentId,
      } as never,
    });
    try {
      const after = (await view(token)).body.disclosure;
      expect(after).toMatchObject({
        title: 'Our e-sign terms',
        body: '<p>Paper copies from ir@sign-checks.example.</p>',
      });
      expect(after.version).not.toBe(before.version);
      // The version the signer read is the one accepted; a page opened before the change must be read again.
      expect(await post(token, '/disclosure', { version: before.version })).toMatchObject(
        refusal(409, 'The disclosure has changed since you opened this page; please read it again'),
      );
      const accepted = await post(token, '/disclosure', { version: after.version });
      expect(accepted.body).toEqual({ version: after.version, acceptedAt: expect.any(String) });
      const wording = 'Our e-sign terms\n<p>Paper copies from ir@sign-checks.example.</p>';
      const sha256 = crypto.createHash('sha256').update(wording).digest('hex');
      expect(await signerRow(token)).toMatchObject({
        disclosureVersion: sha256.slice(0, 16),
        disclosureAcceptedAt: expect.anything(),
        disclosureText: wording,
        disclosureSha256: sha256,
      });
      // Staff reword it later: the row still holds what this signer accepted.
      await fixtureDocuments(app, 'api::content.content').update({
        documentId: item.documentId,
        data: { body: '<p>Reworded.</p>' } as never,
      });
      expect((await view(token)).body.disclosure.version).not.toBe(after.version);
      expect(await signerRow(token)).toMatchObject({ disclosureText: wording, disclosureSha256: sha256 });
    } finally {
      await fixtureDocuments(app, 'api::content.content').delete({ documentId: item.documentId });
    }
  });

  it('names where to ask for paper or withdraw consent: SIGNING_CONTACT_EMAIL, else the address mails come from', async () => {
    const { token } = await investorWithLink('disclosure-contact');
    expect((await view(token)).body.disclosure.body).toContain(
      'by writing to <a href="mailto:no-reply@localhost">no-reply@localhost</a>',
    );
    app.strapi.config.set('portal.signing.contactEmail', 'consent@sign-checks.example');
    try {
      const { body } = (await view(token)).body.disclosure;
      expect(body).toContain(
        'You may withdraw this consent at any time, free of charge, by writing to <a href="mailto:consent@sign-checks.example">consent@sign-checks.example</a>',
      );
      expect(body).toContain(
        'at no charge, by writing to the sponsor at <a href="mailto:consent@sign-checks.example">consent@sign-checks.example</a>',
      );
    } finally {
      app.strapi.config.set('portal.signing.contactEmail', '');
    }
  });

  it('must be accepted again when staff reword it after the signer accepted it: no code, no signature until then', async () => {
    const { investor, token } = await investorWithLink('disclosure-reworded', { accepted: true });
    const first = (await view(token)).body;
    expect(first.disclosureAccepted).toEqual({ version: first.disclosure.version, acceptedAt: expect.any(String) });
    const verified = await post(token, '/code/verify', { code: await mailedCode(app, token, investor.email) });
    const item = await fixtureDocuments(app, 'api::content.content').create({
      data: {
        slug: 'esign-disclosure',
        title: 'Our new e-sign terms',
        body: '<p>Reworded after you accepted.</p>',
        portal: offering.portal.documentId,
      } as never,
    });
    try {
      const reworded = (await view(token)).body;
      expect(reworded.disclosure.version).not.toBe(first.disclosure.version);
      expect(reworded.disclosureAccepted).toBeNull();
      const unaccepted = refusal(409, 'Please read and accept the electronic records disclosure before you sign');
      expect(
        await post(token, '', { name: 'Re Worded', consent: true, verification: verified.body.verification }),
      ).toMatchObject(unaccepted);
      await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
      expect(await post(token, '/code')).toMatchObject(
        refusal(409, 'Please read and accept the electronic records disclosure before we send you a code'),
      );
      expect((await signerRow(token)).signedAt).toBeNull();

      await post(token, '/disclosure', { version: reworded.disclosure.version });
      expect((await view(token)).body.disclosureAccepted).toEqual({
        version: reworded.disclosure.version,
        acceptedAt: expect.any(String),
      });
      expect(
        (await post(token, '', { name: 'Re Worded', consent: true, verification: verified.body.verification })).status,
      ).toBe(200);
      const row = await signerRow(token);
      // The row keeps the wording signed under; the trail, each acceptance with its version.
      expect(row).toMatchObject({
        disclosureVersion: reworded.disclosure.version,
        disclosureText: 'Our new e-sign terms\n<p>Reworded after you accepted.</p>',
      });
      expect(
        (row.auditEvents as { event: string; detail?: string }[])
          .filter((entry) => entry.event === 'disclosure-accepted')
          .map((entry) => entry.detail),
      ).toEqual([`version ${first.disclosure.version}`, `version ${reworded.disclosure.version}`]);
    } finally {
      await fixtureDocuments(app, 'api::content.content').delete({ documentId: item.documentId });
    }
  });

  it('can be withdrawn before signing with “Sign on paper instead”: the sponsor told once at the contact address, the withdrawal in the trail, the acceptance gone', async () => {
    const { investor, token } = await investorWithLink('disclosure-paper', { accepted: true });
    const version = (await view(token)).body.disclosure.version;
    app.strapi.config.set('portal.signing.contactEmail', 'paper@sign-checks.example');
    try {
      expect((await view(token)).body.disclosure.body).toContain(
        'with the button "Sign on paper instead" on the signing page',
      );
      expect(await post(token, '/paper')).toMatchObject({
        status: 200,
        body: { requested: true, contact: 'paper@sign-checks.example' },
      });
      const mail = await waitForMail('paper@sign-checks.example', 'Paper agreement requested for sign-checks Fund I');
      expect(mail.text.replace(/\s+/g, ' ')).toMatch(
        /\(investor, disclosure-paper-[\d-]+@example\.com\) does not want to sign the subscription agreement for sign-checks Fund I electronically and asks for it on paper/,
      );
      // Consent withdrawn: signing here after all needs the disclosure accepted again, even with the investor's own session.
      expect((await view(token)).body.disclosureAccepted).toBeNull();
      expect(
        await call(
          app,
          'POST',
          `/api/signing/${token}`,
          { name: 'Paper Person', consent: true },
          { authCode: investor.authCode },
        ),
      ).toMatchObject(refusal(409, 'Please read and accept the electronic records disclosure before you sign'));
      const paperEvents = async () =>
        ((await signerRow(token)).auditEvents as { event: string; detail?: string }[])
          .filter((entry) => entry.event === 'paper-requested')
          .map((entry) => entry.detail);
      // Asking again changes nothing: the sponsor was told, and the trail has it once.
      for (let n = 0; n < 3; n += 1) expect((await post(token, '/paper')).status).toBe(200);
      expect(mailsTo('paper@sign-checks.example')).toHaveLength(1);
      expect(await paperEvents()).toEqual([`acceptance of the disclosure version ${version} withdrawn`]);
      expect(await signerRow(token)).toMatchObject({
        disclosureAcceptedAt: null,
        disclosureVersion: null,
        signedAt: null,
      });
      // Accepted again, then withdrawn again: that is news for the trail (the sponsor knows already).
      const current = (await view(token)).body.disclosure.version;
      expect((await post(token, '/disclosure', { version: current })).status).toBe(200);
      expect((await post(token, '/paper')).status).toBe(200);
      expect(await paperEvents()).toEqual([
        `acceptance of the disclosure version ${version} withdrawn`,
        `acceptance of the disclosure version ${current} withdrawn`,
      ]);
      expect(mailsTo('paper@sign-checks.example')).toHaveLength(1);
    } finally {
      app.strapi.config.set('portal.signing.contactEmail', '');
    }
  });

  it('asks for paper again when the mail to the sponsor failed: a 503 that says so, nothing recorded, the acceptance kept', async () => {
    const { token } = await investorWithLink('disclosure-paper-down', { accepted: true });
    app.strapi.config.set('portal.signing.contactEmail', 'paper-down@sign-checks.example');
    const provider = app.strapi.plugin('email').provider as { send: (...args: unknown[]) => Promise<unknown> };
    const send = provider.send;
    provider.send = async () => {
      throw new Error('The mail server is down');
    };
    try {
      expect(await post(token, '/paper')).toMatchObject(
        refusal(
          503,
          'Your request could not be sent to the sponsor right now. Please try again later, or write to paper-down@sign-checks.example.',
        ),
      );
      const row = await signerRow(token);
      expect((row.auditEvents as { event: string }[]).filter((entry) => entry.event === 'paper-requested')).toEqual([]);
      expect(row.disclosureAcceptedAt).not.toBeNull();
      provider.send = send;
      // Asked again once mail works: the sponsor is told this time.
      expect((await post(token, '/paper')).status).toBe(200);
      await waitForMail('paper-down@sign-checks.example', 'Paper agreement requested for sign-checks Fund I');
      expect(
        ((await signerRow(token)).auditEvents as { event: string }[]).filter(
          (entry) => entry.event === 'paper-requested',
        ),
      ).toHaveLength(1);
    } finally {
      provider.send = send;
      app.strapi.config.set('portal.signing.contactEmail', '');
    }
  });

  it('must be accepted before a signature is taken, and before a code is mailed', async () => {
    const { investor, token } = await investorWithLink('disclosure-first');
    const signed = await call(
      app,
      'POST',
      `/api/signing/${token}`,
      { name: 'Early Bird', consent: true },
      { authCode: investor.authCode },
    );
    expect(signed).toMatchObject(
      refusal(409, 'Please read and accept the electronic records disclosure before you sign'),
    );
    expect((await signerRow(token)).signedAt).toBeNull();
    // Someone holding only the link cannot have the portal mail its signer.
    expect(await post(token, '/code')).toMatchObject(
      refusal(409, 'Please read and accept the electronic records disclosure before we send you a code'),
    );
    expect((await signerRow(token)).codeSentAt).toBeNull();
  });
});

describe('the one-time code', () => {
  let investor: Investor;
  let token: string;

  beforeAll(async () => {
    ({ investor, token } = await investorWithLink('code'));
    await post(token, '/disclosure', { version: (await view(token)).body.disclosure.version });
  });

  it('is asked of a signer without their own session: no signature without it, nor with a made-up proof', async () => {
    expect((await view(token)).body.identity).toEqual({
      method: 'email-code',
      email: expect.stringMatching(/^c\*\*\*@/),
      codeSentAt: null,
      lockedUntil: null,
      suspended: false,
    });
    expect(await post(token, '', { name: 'No Code', consent: true })).toMatchObject(
      refusal(403, 'Please enter the code we mailed you before you sign'),
    );
    expect(await post(token, '', { name: 'No Code', consent: true, verification: 'forged' })).toMatchObject(
      refusal(403, 'Please enter the code we mailed you before you sign'),
    );
    expect(await post(token, '/code/verify', { code: '123456' })).toMatchObject(
      refusal(400, 'No code has been sent for this link yet: send one first'),
    );
  });

  it('is six digits mailed to the signer, at most one every 30 seconds', async () => {
    const code = await mailedCode(app, token, investor.email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = await waitForMail(investor.email, 'Your signing code');
    expect(mail.text).toContain('Your code to sign the subscription agreement for sign-checks Fund I:');
    expect(mail.text).toContain('It works for 10 minutes.');
    expect(minutesFromNow((await signerRow(token)).codeExpiresAt, 10)).toBe(true);
    expect(await post(token, '/code')).toMatchObject(
      refusal(429, 'A code was sent less than 30 seconds ago: please check your inbox'),
    );
    expect(await post(token, '/code/verify', { code: 'abc' })).toMatchObject(
      refusal(400, 'The code is the six digits in the mail'),
    );
    expect((await view(token)).body.identity.codeSentAt).toEqual(expect.any(String));
  });

  it('counts wrong codes, and the fifth locks the link for ten minutes, even for the right code', async () => {
    await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
    const code = await mailedCode(app, token, investor.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2])
      expect(await post(token, '/code/verify', { code: wrong })).toMatchObject(
        refusal(400, `That code is not right: ${left} tries left`),
      );
    expect(await post(token, '/code/verify', { code: wrong })).toMatchObject(
      refusal(400, 'That code is not right: 1 try left'),
    );
    expect(await post(token, '/code/verify', { code: wrong })).toMatchObject(
      refusal(429, 'Too many wrong codes: this link is locked for 10 minutes.'),
    );
    const locked = 'Too many wrong codes: this link is locked. Try again in 10 minutes.';
    expect(await post(token, '/code/verify', { code })).toMatchObject(refusal(429, locked));
    expect(await post(token, '/code')).toMatchObject(refusal(429, locked));
    expect(await post(token, '', { name: 'Locked Out', consent: true })).toMatchObject(refusal(429, locked));
    expect(minutesFromNow((await view(token)).body.identity.lockedUntil, 10)).toBe(true);
  });

  it('works again once the lock is over, with a new code; an expired code does not', async () => {
    await setSigner(token, { lockedUntil: new Date(Date.now() - 1000), codeSentAt: new Date(Date.now() - 60_000) });
    const stale = await mailedCode(app, token, investor.email);
    await setSigner(token, { codeExpiresAt: new Date(Date.now() - 1000), codeSentAt: new Date(Date.now() - 60_000) });
    expect(await post(token, '/code/verify', { code: stale })).toMatchObject(
      refusal(400, 'This code has expired: send a new one'),
    );
    const code = await mailedCode(app, token, investor.email);
    const verified = await post(token, '/code/verify', { code });
    expect(verified.body).toEqual({ verified: true, verification: expect.any(String) });
    expect(
      await post(token, '', { name: 'Coral Code', consent: true, verification: verified.body.verification }),
    ).toMatchObject({ status: 200 });
    expect(await signerRow(token)).toMatchObject({ verifiedBy: 'email-code', typedName: 'Coral Code' });
  });
});

describe('the one-time code under pressure', () => {
  const events = async (token: string): Promise<{ event: string; detail?: string; count?: number }[]> =>
    (await signerRow(token)).auditEvents ?? [];
  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

  it('compares at most five of twenty wrong codes sent at the same moment, then the link is locked', async () => {
    const { investor, token } = await investorWithLink('code-burst', { accepted: true });
    const code = await mailedCode(app, token, investor.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(token, '/code/verify', { code: wrongOf(code) })),
    );
    const messages = answers.map((answer) => answer.body.error?.message as string);
    // Compared: each "not right" and the one that locked; every other was refused without a comparison.
    const compared = messages.filter(
      (message) =>
        message.startsWith('That code is not right') ||
        message === 'Too many wrong codes: this link is locked for 10 minutes.',
    );
    expect(compared).toHaveLength(5);
    expect(
      messages.filter((message) => message === 'Too many wrong codes: this link is locked for 10 minutes.'),
    ).toHaveLength(1);
    expect(messages.filter((message) => !compared.includes(message))).toEqual(
      Array(15).fill('Too many wrong codes: this link is locked. Try again in 10 minutes.'),
    );
    expect((await view(token)).body.identity.lockedUntil).toEqual(expect.any(String));
    expect(await post(token, '/code/verify', { code })).toMatchObject(
      refusal(429, 'Too many wrong codes: this link is locked. Try again in 10 minutes.'),
    );
    // The trail has every one of them, written at the same moment: five wrong codes, one lock.
    const trail = await events(token);
    expect(
      trail
        .filter((entry) => entry.event === 'code-wrong')
        .map((entry) => entry.detail)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5].map((n) => `try ${n} of 5`));
    expect(trail.filter((entry) => entry.event === 'link-locked')).toHaveLength(1);
  });

  it('takes each try from the database, not from the row a request read: on a row read before the lock, at most five guesses are compared and the right code is refused', async () => {
    const { investor, token } = await investorWithLink('code-stale', { accepted: true });
    const code = await mailedCode(app, token, investor.email);
    // What twenty requests arriving together each read before any of them checked its code.
    const readAtOnce: CheckedSigner = await signerRow(token);
    // The service as the running CMS has it compiled (its ES build does not load here, as helpers/strapi says).
    const { signerCheck } = createRequire(import.meta.url)(
      path.join(app.strapi.dirs.dist.src, 'api/signing/services/signer-check.js'),
    ) as { signerCheck: typeof SignerCheck };
    const check = signerCheck(app.strapi);
    const outcome = (guess: string) =>
      check.verifyCode({ ...readAtOnce }, guess, { ip: null, userAgent: null }).then(
        () => 'verified',
        (error: Error) => error.message,
      );
    const messages: string[] = [];
    for (let n = 0; n < 20; n += 1) messages.push(await outcome(wrongOf(code)));
    expect(messages.filter((message) => message.startsWith('That code is not right'))).toHaveLength(4);
    expect(
      messages.filter((message) => message === 'Too many wrong codes: this link is locked for 10 minutes.'),
    ).toHaveLength(1);
    expect(await outcome(code)).toBe('Too many wrong codes: this link is locked. Try again in 10 minutes.');
    expect((await signerRow(token)).verifiedAt).toBeNull();
  });

  it('counts wrong codes across new codes: four wrong, a new code, one wrong locks the link', async () => {
    const { investor, token } = await investorWithLink('code-resend', { accepted: true });
    const first = await mailedCode(app, token, investor.email);
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try'])
      expect(await post(token, '/code/verify', { code: wrongOf(first) })).toMatchObject(
        refusal(400, `That code is not right: ${left} left`),
      );
    await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
    const second = await mailedCode(app, token, investor.email);
    expect(await post(token, '/code/verify', { code: wrongOf(second) })).toMatchObject(
      refusal(429, 'Too many wrong codes: this link is locked for 10 minutes.'),
    );
    // After the lock the link has five tries again; a right code starts them over too.
    await setSigner(token, { lockedUntil: new Date(Date.now() - 1000), codeSentAt: new Date(Date.now() - 60_000) });
    const third = await mailedCode(app, token, investor.email);
    expect(await post(token, '/code/verify', { code: wrongOf(third) })).toMatchObject(
      refusal(400, 'That code is not right: 4 tries left'),
    );
    expect((await post(token, '/code/verify', { code: third })).body).toMatchObject({ verified: true });
    expect((await signerRow(token)).codeTries).toBe(0);
  });

  it('suspends a link at its third lock-out, whatever time passes: no code, no signature until a new link is sent, by the investor asking to sign again or by the sponsor desk', async () => {
    const suspended = refusal(
      403,
      'Too many wrong codes: this link is suspended. Ask for a new link: the investor with "Continue to sign" on their dashboard, anyone else by writing to the sponsor at no-reply@localhost.',
    );
    /** Five wrong codes on a link whose last lock (if any) is over: the fifth's answer. */
    const lockOut = async (token: string, email: string) => {
      await setSigner(token, { lockedUntil: null, codeSentAt: new Date(Date.now() - 60_000) });
      const code = await mailedCode(app, token, email);
      for (let n = 0; n < 4; n += 1) await post(token, '/code/verify', { code: wrongOf(code) });
      return post(token, '/code/verify', { code: wrongOf(code) });
    };
    const suspend = async (token: string, email: string) => {
      for (let n = 0; n < 2; n += 1)
        expect(await lockOut(token, email)).toMatchObject(
          refusal(429, 'Too many wrong codes: this link is locked for 10 minutes.'),
        );
      expect(await lockOut(token, email)).toMatchObject(suspended);
    };

    const { investor, token } = await investorWithLink('code-suspended', { accepted: true });
    await suspend(token, investor.email);
    // Long after any lock would be over, the link still takes nothing.
    await setSigner(token, {
      lockedUntil: new Date(Date.now() - 3_600_000),
      codeSentAt: new Date(Date.now() - 3_600_000),
    });
    expect((await view(token)).body.identity).toMatchObject({ suspended: true, lockedUntil: null });
    expect(await post(token, '/code')).toMatchObject(suspended);
    expect(await post(token, '', { name: 'Sus Pended', consent: true, verification: 'x' })).toMatchObject(suspended);
    const trail = (await signerRow(token)).auditEvents as { event: string; detail?: string }[];
    expect(trail.filter((entry) => entry.event === 'link-locked')).toHaveLength(2);
    expect(trail.filter((entry) => entry.event === 'link-suspended').map((entry) => entry.detail)).toEqual([
      'after 3 lock-outs',
    ]);
    expect(trail.filter((entry) => entry.event === 'refused-locked').map((entry) => entry.detail)).toEqual([
      'a code request (suspended)',
      'a signature (suspended)',
    ]);

    // The investor, signed in, asks to sign again ("Continue to sign"): a new link is mailed, the old one is dead.
    const again = await call(
      app,
      'POST',
      '/api/syndication/request_sign',
      { id: investor.syndUser },
      { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
    );
    const fresh = tokenOf(again.body.url);
    expect(fresh).not.toBe(token);
    expect(
      signLinkIn(
        (await waitForMail(investor.email, 'Please sign your subscription agreement for sign-checks Fund I', 2)).text,
      ),
    ).toBe(again.body.url);
    expect(await view(token)).toMatchObject(refusal(404, 'This signing link is not valid'));
    expect((await view(fresh)).body.identity).toMatchObject({ suspended: false, lockedUntil: null, codeSentAt: null });
    expect((await signerRow(fresh)).auditEvents.at(-1)).toMatchObject({
      event: 'link-reissued',
      detail: 'by the investor, signed in',
    });
    const verified = await post(fresh, '/code/verify', { code: await mailedCode(app, fresh, investor.email) });
    expect(
      (await post(fresh, '', { name: 'Fresh Link', consent: true, verification: verified.body.verification })).status,
    ).toBe(200);

    // The sponsor desk sends a new link (the signer cannot ask for one themselves: a spouse, or an investor who never signs in).
    const other = await investorWithLink('code-suspended-desk', { accepted: true });
    await suspend(other.token, other.investor.email);
    const staff = await adminToken(
      app,
      'sign-checks-desk@portal.local',
      'sponsor-admin',
      ['Desk', 'Staff'],
      [offering.portal],
    );
    const desk = await http(
      app,
      'POST',
      `/sponsor-desk/commitments/${other.investor.syndUser}/signing-links`,
      {},
      { Authorization: `Bearer ${staff}` },
    );
    expect(desk).toMatchObject({
      status: 200,
      body: { reissued: [{ role: 'investor', email: other.investor.email }] },
    });
    const link = signLinkIn(
      (await waitForMail(other.investor.email, 'Please sign your subscription agreement for sign-checks Fund I', 2))
        .text,
    );
    expect(await view(other.token)).toMatchObject(refusal(404, 'This signing link is not valid'));
    expect((await view(tokenOf(link))).body.identity).toMatchObject({ suspended: false });
    expect((await signerRow(tokenOf(link))).auditEvents.at(-1)).toMatchObject({
      event: 'link-reissued',
      detail: 'by Desk Staff',
    });
    // Once signed there is no link left to send.
    await signThroughLink(app, tokenOf(link), other.investor.email, { name: 'Desk Sent', consent: true });
    expect(
      await http(
        app,
        'POST',
        `/sponsor-desk/commitments/${other.investor.syndUser}/signing-links`,
        {},
        { Authorization: `Bearer ${staff}` },
      ),
    ).toMatchObject(refusal(409, 'This commitment has no signing link waiting for a signature'));
  });

  it('stores a new link before mailing it: the old link stops at once, and a mail that fails puts the old link back as it was', async () => {
    const { investor, token } = await investorWithLink('reissue-down', { accepted: true });
    await setSigner(token, { lockCount: 3 });
    const provider = app.strapi.plugin('email').provider as {
      send(options: { to: string; subject: string }): Promise<unknown>;
    };
    const send = provider.send;
    let duringMail: number | undefined;
    provider.send = async (options) => {
      if (options.to !== investor.email || !options.subject.startsWith('Please sign'))
        return send.call(provider, options);
      duringMail = (await view(token)).status;
      throw new Error('The mail server is down');
    };
    const ask = () =>
      call(
        app,
        'POST',
        '/api/syndication/request_sign',
        { id: investor.syndUser },
        { authCode: investor.authCode, headers: { origin: 'http://localhost:5173' } },
      );
    try {
      expect((await ask()).status).toBeGreaterThanOrEqual(500);
    } finally {
      provider.send = send;
    }
    // While the new link was being mailed the old one opened nothing; the mail failed, so it is back, still suspended.
    expect(duringMail).toBe(404);
    expect((await view(token)).body.identity).toMatchObject({ suspended: true });
    expect((await events(token)).filter((entry) => entry.event === 'link-reissued')).toEqual([]);
    const again = await ask();
    expect(tokenOf(again.body.url)).not.toBe(token);
    expect((await view(tokenOf(again.body.url))).body.identity).toMatchObject({ suspended: false });
  });

  it('gives no new link to a row signed, or given another new link, after it was read: the signature and its proof of identity stand', async () => {
    const { investor, token } = await investorWithLink('reissue-race', { accepted: true });
    const readAtOnce = await signerRow(token);
    const { signerCheck } = createRequire(import.meta.url)(
      path.join(app.strapi.dirs.dist.src, 'api/signing/services/signer-check.js'),
    ) as { signerCheck: typeof SignerCheck };
    const check = signerCheck(app.strapi);
    const newLink = () => ({
      tokenNonce: crypto.randomBytes(32).toString('base64url'),
      tokenHash: crypto.randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // Two new links from one read: the first is stored, the second finds the link changed.
    const putBack = await check.replaceLink(readAtOnce.id, readAtOnce.tokenNonce, newLink());
    expect(putBack).toBeTypeOf('function');
    expect(await check.replaceLink(readAtOnce.id, readAtOnce.tokenNonce, newLink())).toBeNull();
    expect((await view(token)).status).toBe(404);
    await putBack!();
    // Signed meanwhile: the new link made from the row as read before is not stored.
    expect(
      (
        await signThroughLink(
          app,
          token,
          investor.email,
          { name: 'Signed First', consent: true },
          { authCode: investor.authCode },
        )
      ).status,
    ).toBe(200);
    expect(await check.replaceLink(readAtOnce.id, readAtOnce.tokenNonce, newLink())).toBeNull();
    expect(await signerRow(token)).toMatchObject({
      verifiedBy: 'session',
      signedAt: expect.anything(),
      tokenNonce: readAtOnce.tokenNonce,
    });
  });

  it('refuses a made-up proof as long as the real one in characters but not in bytes (43 × é) with a 403, not a 500', async () => {
    const { investor, token } = await investorWithLink('code-bytes', { accepted: true });
    const verified = await post(token, '/code/verify', { code: await mailedCode(app, token, investor.email) });
    expect(verified.body.verification).toHaveLength(43);
    expect(await post(token, '', { name: 'Multi Byte', consent: true, verification: 'é'.repeat(43) })).toMatchObject(
      refusal(403, 'Please enter the code we mailed you before you sign'),
    );
    expect((await signerRow(token)).signedAt).toBeNull();
  });

  it('counts only a code that was sent: a mail that fails uses up neither the 30 seconds nor one of the five codes', async () => {
    const { investor, token } = await investorWithLink('code-mail-down', { accepted: true });
    const mailer = app.strapi.plugin('email').service('email') as { send: (...args: unknown[]) => Promise<unknown> };
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('The mail server is down');
    };
    try {
      for (let n = 0; n < 3; n += 1) expect((await post(token, '/code')).status).toBeGreaterThanOrEqual(500);
    } finally {
      mailer.send = send;
    }
    expect(await signerRow(token)).toMatchObject({ codeSentAt: null, codeHash: null });
    expect((await events(token)).filter((entry) => entry.event === 'code-sent')).toEqual([]);
    // At once (no 30-second wait), and five codes in the window, as if the failures had not happened.
    for (let n = 0; n < 5; n += 1) {
      expect(await mailedCode(app, token, investor.email)).toMatch(/^\d{6}$/);
      await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
    }
    expect(await post(token, '/code')).toMatchObject({ status: 429 });
  });

  it('takes the 30 seconds between codes from the database, not from the row a request read: two requests that read the row at once send one code', async () => {
    const { token } = await investorWithLink('code-at-once', { accepted: true });
    const readAtOnce: CheckedSigner = await signerRow(token);
    const { signerCheck } = createRequire(import.meta.url)(
      path.join(app.strapi.dirs.dist.src, 'api/signing/services/signer-check.js'),
    ) as { signerCheck: typeof SignerCheck };
    const check = signerCheck(app.strapi);
    const disclosure = await check.disclosure(offering.portal.id);
    const send = () =>
      check.sendCode({ ...readAtOnce }, 'the fund', disclosure, { ip: null, userAgent: null }).then(
        () => 'sent',
        (error: Error) => error.message,
      );
    expect([await send(), await send()]).toEqual([
      'sent',
      'A code was sent less than 30 seconds ago: please check your inbox',
    ]);
    expect((await events(token)).filter((entry) => entry.event === 'code-sent')).toHaveLength(1);
  });

  it('records in the trail what a locked link refused: a code request, a code entered, a signature', async () => {
    const { token } = await investorWithLink('code-knocking', { accepted: true });
    await setSigner(token, { lockedUntil: new Date(Date.now() + 10 * 60_000) });
    const locked = refusal(429, 'Too many wrong codes: this link is locked. Try again in 10 minutes.');
    expect(await post(token, '/code')).toMatchObject(locked);
    await setSigner(token, { codeHash: 'x', codeExpiresAt: new Date(Date.now() + 60_000) });
    expect(await post(token, '/code/verify', { code: '123456' })).toMatchObject(locked);
    expect(await post(token, '', { name: 'Knock Knock', consent: true, verification: 'x' })).toMatchObject(locked);
    expect(
      (await events(token)).filter((entry) => entry.event === 'refused-locked').map((entry) => entry.detail),
    ).toEqual(['a code request', 'a code entered', 'a signature']);
  });

  it('is mailed and checked, and the link read, signed, accepted or given up for paper, at most as often from one address as the sign-in family allows', async () => {
    const limits = app.strapi.config.get('portal.rateLimit') as Record<string, number>;
    app.strapi.config.set('portal.rateLimit', { ...limits, ipMax: 3 });
    try {
      const calls: ['GET' | 'POST', string][] = [
        ['POST', '/code'],
        ['POST', '/code/verify'],
        ['GET', '/document'],
        ['POST', ''],
        ['POST', '/disclosure'],
        ['POST', '/paper'],
      ];
      for (const [index, [method, suffix]] of calls.entries()) {
        const from = { ip: `203.0.113.${71 + index}` };
        const body = method === 'POST' ? { code: '123456' } : undefined;
        for (let n = 0; n < 3; n += 1)
          expect((await call(app, method, `/api/signing/no-such-token${suffix}`, body, from)).status).not.toBe(429);
        expect(await call(app, method, `/api/signing/no-such-token${suffix}`, body, from)).toMatchObject(
          refusal(429, 'Too many attempts. Please try again in 15 minutes.'),
        );
      }
    } finally {
      app.strapi.config.set('portal.rateLimit', limits);
    }
  });

  it('keeps the code entered in a long trail: only codes sent and wrong codes are cut off, and counted', async () => {
    const { investor, token } = await investorWithLink('code-trail', { accepted: true });
    const at = new Date(Date.now() - 3_600_000).toISOString();
    await setSigner(token, {
      auditEvents: Array.from({ length: 120 }, () => ({
        at,
        event: 'code-sent',
        ip: null,
        detail: 'to c***@example.com',
      })),
    });
    await mailedCode(app, token, investor.email);
    await setSigner(token, { codeSentAt: new Date(Date.now() - 60_000) });
    const newer = await mailedCode(app, token, investor.email);
    expect((await post(token, '/code/verify', { code: newer })).body).toMatchObject({ verified: true });
    expect((await events(token)).slice(120)).toEqual([
      expect.objectContaining({
        event: 'events-left-out',
        count: 2,
        detail: "2 further codes sent, wrong codes or refusals (the time is the last one's)",
      }),
      expect.objectContaining({ event: 'code-verified' }),
    ]);
  });
});

describe('the investor’s own session', () => {
  it('proves who signs, with no code; another investor’s session or a guest session (a superadmin looking as them) does not', async () => {
    const { investor, token } = await investorWithLink('own-session');
    const other = await signedInUser(app, 'own-session-other', 'user', offering.portal);
    expect((await view(token, investor.authCode)).body.identity.method).toBe('session');
    expect((await view(token, other.authCode)).body.identity.method).toBe('email-code');
    expect((await view(token, await openGuestSession(app, investor.id))).body.identity.method).toBe('email-code');

    await post(token, '/disclosure', { version: (await view(token)).body.disclosure.version });
    expect(
      await call(
        app,
        'POST',
        `/api/signing/${token}`,
        { name: 'Other One', consent: true },
        { authCode: other.authCode },
      ),
    ).toMatchObject(refusal(403, 'Please enter the code we mailed you before you sign'));
    // Someone else locked the link with wrong codes: the investor, signed in as themselves, still signs.
    await setSigner(token, { lockedUntil: new Date(Date.now() + 10 * 60_000) });
    expect(await post(token, '', { name: 'Stranger', consent: true })).toMatchObject(
      refusal(429, 'Too many wrong codes: this link is locked. Try again in 10 minutes.'),
    );
    expect(
      (
        await call(
          app,
          'POST',
          `/api/signing/${token}`,
          { name: 'Own Session', consent: true },
          { authCode: investor.authCode },
        )
      ).status,
    ).toBe(200);
    expect(await signerRow(token)).toMatchObject({ verifiedBy: 'session', typedName: 'Own Session' });
  });
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
