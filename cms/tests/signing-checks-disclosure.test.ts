import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, mailsTo, waitForMail } from './helpers/auth';
import { mailedCode, type Offering } from './helpers/signing';
import {
  investorWithLink,
  openSigningChecks,
  post,
  refusal,
  setSigner,
  signerRow,
  view,
} from './helpers/signing-checks';
import { type TestApp, fixtureDocuments } from './helpers/strapi';

/**
 * The electronic records disclosure a signer accepts before signing on the portal's own signer (docs/signing.md): its
 * default or staff's wording and version, the contact for paper, accepted again when reworded, and withdrawn (the
 * offering of helpers/signing-checks.ts).
 */
let app: TestApp;
let offering: Offering;

beforeAll(async () => {
  ({ app, offering } = await openSigningChecks());
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
