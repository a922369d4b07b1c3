import type { Core } from '@strapi/strapi';
import type { DisclosureAccepted, PaperRequested, SigningRequest } from '@portal/rules';
import { escapeHtml } from '../../../utils/html';
import { conflict, unavailable } from '../../../utils/http-errors';
import { contactAddress, disclosureOf, wordingOf, type Disclosure } from './disclosure';
import { isSuspended, maskedEmail, signingCodes } from './signing-codes';
import { acceptedNow, askedForPaper, signerTrail, type CheckedSigner, type Client } from './signer-trail';
import { SIGNING } from '../../../utils/uids';

/**
 * What a signer goes through before signing (docs/signing.md): the electronic records disclosure, accepted and
 * recorded with its version; and proof of who they are, a six-digit code mailed to them (or, for the investor, their
 * own signed-in session). Every step is written to the signer row's audit events, which the signature page lists.
 */
export function signerCheck(strapi: Core.Strapi) {
  const db = () => strapi.db.query(SIGNING);
  const { underRowLock, record } = signerTrail(strapi);
  const { sendCode, verifyCode, assertReadyToSign } = signingCodes(strapi);

  /** Records the proof of identity a signature is about to be made with (a code is recorded when entered; a session now). */
  async function identified(signer: CheckedSigner, proof: { ownSession: boolean }, client: Client): Promise<void> {
    if (proof.ownSession)
      await record(signer, 'session-verified', client, undefined, {
        verifiedBy: 'session',
        verifiedAt: new Date().toISOString(),
      });
  }

  return {
    /** The portal's disclosure: its content item esign-disclosure when staff wrote one, else the default wording. */
    async disclosure(portalId: number | null): Promise<Disclosure> {
      return disclosureOf(strapi, portalId);
    },

    /** Records the first opening of a link (later openings are not news). */
    async opened(signer: CheckedSigner, client: Client): Promise<void> {
      if (!signer.signedAt && !(signer.auditEvents ?? []).some((entry) => entry.event === 'link-opened'))
        await record(signer, 'link-opened', client, undefined, {}, { once: true });
    },

    /**
     * The signer accepts the disclosure whose version they were shown; a changed wording must be read again. The row
     * keeps the wording itself and its SHA-256, so what was accepted stands however staff reword the content item.
     */
    async acceptDisclosure(
      signer: CheckedSigner,
      version: string,
      current: Disclosure,
      client: Client,
    ): Promise<DisclosureAccepted> {
      if (version !== current.version)
        throw conflict('The disclosure has changed since you opened this page; please read it again');
      if (signer.disclosureVersion === version && signer.disclosureAcceptedAt)
        return { version, acceptedAt: signer.disclosureAcceptedAt };
      const acceptedAt = new Date().toISOString();
      await record(signer, 'disclosure-accepted', client, `version ${version}`, {
        disclosureVersion: version,
        disclosureAcceptedAt: acceptedAt,
        disclosureText: wordingOf(current),
        disclosureSha256: current.sha256,
      });
      return { version, acceptedAt };
    },

    /**
     * The signer withdraws consent to sign electronically before signing ("Sign on paper instead"): the sponsor is told
     * at the contact address (the first time only), who sends the agreement on paper; then the withdrawal is recorded
     * in the trail and the acceptance cleared, so signing electronically after all means accepting the disclosure
     * again. The mail goes first: when it fails (503) nothing is recorded, and asking again sends it. Asking again with
     * nothing accepted since records nothing more (the trail is not the place for a script's repeats).
     */
    async requestPaper(signer: CheckedSigner, fundName: string, client: Client): Promise<PaperRequested> {
      const contact = contactAddress(strapi);
      if (askedForPaper(signer)) return { requested: true, contact };
      const told = (signer.auditEvents ?? []).some((entry) => entry.event === 'paper-requested');
      if (!told) {
        const who = `${signer.name ?? 'A signer'} (${signer.role}, ${signer.email ?? 'no email'})`;
        const text = `${who} does not want to sign the subscription agreement for ${fundName} electronically and asks for it on paper. Their consent to electronic records is withdrawn; please send them the agreement on paper.`;
        try {
          await strapi
            .plugin('email')
            .service('email')
            .send({
              to: contact,
              subject: `Paper agreement requested for ${fundName}`,
              text: `${text}\n`,
              html: `<p>${escapeHtml(text)}</p>`,
            });
        } catch (error) {
          // Not the mail provider's 503 alone: a signer who wants paper is told where to write instead.
          strapi.log.error(
            `Paper agreement request not mailed to ${contact}: ${error instanceof Error ? error.message : String(error)}`,
          );
          throw unavailable(
            `Your request could not be sent to the sponsor right now. Please try again later, or write to ${contact}.`,
          );
        }
      }
      const withdrawn = signer.disclosureAcceptedAt
        ? `acceptance of the disclosure version ${signer.disclosureVersion} withdrawn`
        : undefined;
      await record(signer, 'paper-requested', client, withdrawn, {
        disclosureVersion: null,
        disclosureAcceptedAt: null,
      });
      signer.disclosureVersion = null;
      signer.disclosureAcceptedAt = null;
      return { requested: true, contact };
    },

    sendCode,
    verifyCode,
    assertReadyToSign,

    identified,

    /** Records the signature's proof of identity and the signature in the audit trail. */
    async signed(signer: CheckedSigner, proof: { ownSession: boolean }, client: Client): Promise<void> {
      await identified(signer, proof, client);
      await record(signer, 'signed', client);
    },

    /**
     * A new link replaces a signer's old one (`link`: the new token's fields), in one transaction holding the row, only
     * while the row is unsigned and still has the token `oldNonce`: a signature or another new link made meanwhile
     * wins (null: nothing changed). The old token stops working at once; the lock-outs, the suspension, the code and any
     * proof of identity made on the old link are cleared. Answers what puts the old link back as it was (the new one
     * not mailed after all).
     */
    async replaceLink(
      signerId: number,
      oldNonce: string | null,
      link: { tokenNonce: string; tokenHash: string; expiresAt: Date },
    ): Promise<(() => Promise<void>) | null> {
      const cleared = {
        lockCount: 0,
        lockedUntil: null,
        codeHash: null,
        codeSentAt: null,
        codeExpiresAt: null,
        codeTries: 0,
        verifiedBy: null,
        verifiedAt: null,
      };
      const before = await underRowLock(signerId, async () => {
        const row: Record<string, unknown> | null = await db().findOne({
          where: { id: signerId, signedAt: { $null: true }, tokenNonce: oldNonce ?? { $null: true } },
        });
        if (!row) return null;
        await db().update({ where: { id: signerId }, data: { ...link, ...cleared } });
        return Object.fromEntries(
          ['tokenNonce', 'tokenHash', 'expiresAt', ...Object.keys(cleared)].map((field) => [field, row[field]]),
        );
      });
      return (
        before &&
        (() =>
          db()
            .updateMany({ where: { id: signerId, tokenNonce: link.tokenNonce }, data: before })
            .then(() => undefined))
      );
    },

    /** Records in the trail that a new link was mailed, and who asked (`by`). */
    async linkReissued(signer: CheckedSigner, client: Client, by: string): Promise<void> {
      await record(signer, 'link-reissued', client, `by ${by}`);
    },

    /** Records a signature a signing service collected (`service`, e.g. Dropbox Sign) at `at`: its address and browser are the service's record, not ours. */
    async signedAtService(signer: CheckedSigner, service: string, at: Date): Promise<void> {
      await record(signer, 'signed', { ip: null, userAgent: null }, `at ${service}`, {}, { at });
    },

    /** What the signing page shows of the checks (`current`: the disclosure as it reads now, shown with them). */
    state(
      signer: CheckedSigner,
      ownSession: boolean,
      current: Disclosure,
    ): Pick<SigningRequest, 'disclosure' | 'disclosureAccepted' | 'identity'> {
      const locked = Boolean(signer.lockedUntil && new Date(signer.lockedUntil).getTime() > Date.now());
      return {
        disclosure: current,
        // acceptedNow: the version accepted is the current one.
        disclosureAccepted:
          signer.disclosureAcceptedAt && acceptedNow(signer, current)
            ? { version: current.version, acceptedAt: signer.disclosureAcceptedAt }
            : null,
        identity: {
          // The investor's own session proves who they are; everyone else (the spouse) enters a mailed code.
          method: ownSession ? 'session' : 'email-code',
          email: signer.email ? maskedEmail(signer.email) : null,
          codeSentAt:
            signer.codeExpiresAt && new Date(signer.codeExpiresAt).getTime() > Date.now() ? signer.codeSentAt : null,
          lockedUntil: locked ? signer.lockedUntil : null,
          // Suspended after three lock-outs: only a new link opens it again.
          suspended: isSuspended(signer),
        },
      };
    },
  };
}
