import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors, yup } from '@strapi/utils';
import { keepErrorMessages } from '../../../utils/error-messages';
import { attachmentDisposition, cmsOrigin, fileOfLinkToken } from '../../../utils/file-links';
import { isRowId, queryInteger, requiredText, text, validateBody, validateQuery } from '../../../utils/validation';
import { isDropboxSignEvent } from '../../../providers/signing';
import { fileStorage } from '../../../providers/storage';
import { portalConfig } from '../../../utils/portal-config';
import { portals } from '../../portal/services/portal';
import { sessions } from '../../session/services/session';
import { signing } from '../services/signing';
import { SigningServiceError, type LinkRequest, type RequestInfo, type SigningUser } from '../services/signers';

/** An id in a body: a numeric id or a documentId. */
const id = (name = 'id') =>
  yup
    .mixed<string | number>()
    .required(`${name} is required`)
    .test('id', `${name} must be an id or documentId`, (value) => isRowId(value));

/** A drawn signature: a PNG data URL of at most 200 000 characters (about 150 KB), enough for a signature pad. */
export const SIGNATURE_MAX = 200_000;

const schemas = {
  syndUser: yup.object({ id: id() }),
  download: yup.object({ syndUserId: id('syndUserId') }),
  countersign: yup.object({
    id: id(),
    name: requiredText('name', 200).test('name', 'name is required', (value) => Boolean(value?.trim())),
  }),
  sign: yup.object({
    name: requiredText('name', 200).test('name', 'name is required', (value) => Boolean(value?.trim())),
    signature: text('signature', SIGNATURE_MAX),
    consent: yup
      .mixed()
      .test('consent', 'Please agree to sign electronically (consent: true)', (value) => value === true),
    verification: text('verification', 200),
  }),
  disclosure: yup.object({ version: requiredText('version', 100) }),
  embedded: yup.object({ verification: text('verification', 200) }),
  // Calls that take nothing but the link: a body, when sent, must still be a JSON object.
  nothing: yup.object({}),
  code: yup.object({
    code: requiredText('code', 20).matches(/^\s*\d{6}\s*$/, 'The code is the six digits in the mail'),
  }),
  fingerprint: yup.object({
    sha256: requiredText('sha256', 100).matches(
      /^\s*[0-9a-fA-F]{64}\s*$/,
      'The fingerprint is a SHA-256 in hex (64 characters)',
    ),
  }),
  waitingPage: yup.object({ page: queryInteger('page', 1, 1_000_000), pageSize: queryInteger('pageSize', 1, 100) }),
  token: yup.object({ token: requiredText('token', 200) }),
  // A download token carries the file's key and name, so it is longer.
  fileToken: yup.object({ token: requiredText('token', 2000) }),
};

const caller = (ctx: Context) => ctx.state.user as SigningUser;

/** Answers a PDF to read in the browser, never kept in a cache. */
function sendPdf(ctx: Context, pdf: Buffer, name: string): void {
  ctx.set('Content-Disposition', `inline; filename="${name}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = 'application/pdf';
  ctx.body = pdf;
}

/** The client's address (X-Forwarded-For behind a trusted proxy), browser and the site it calls from. */
const requestInfo = (ctx: Context): RequestInfo => ({
  ip: ctx.request.ip || null,
  userAgent: ctx.get('user-agent').slice(0, 1000) || null,
  origin: ctx.get('origin') || undefined,
});

/** A request on a signer's link: requestInfo, and the user of the (not guest) session it carries, if any. */
async function linkRequest(strapi: Core.Strapi, ctx: Context): Promise<LinkRequest> {
  const caller = await sessions(strapi).fromRequest(ctx);
  return { ...requestInfo(ctx), sessionUserId: caller && !caller.session.isGuestSession ? caller.user.id : null };
}

/** The signing service's failures (Dropbox Sign unreachable or refusing) answer 502 with what went wrong. */
function serviceFailures<T extends Record<string, (ctx: Context) => Promise<void>>>(handlers: T): T {
  const wrapped: Record<string, (ctx: Context) => Promise<void>> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (ctx) => {
      try {
        await handler(ctx);
      } catch (error) {
        if (!(error instanceof SigningServiceError)) throw error;
        ctx.status = 502;
        ctx.body = {
          data: null,
          error: { status: 502, name: 'SigningServiceError', message: error.message, details: {} },
        };
      }
    };
  }
  return wrapped as T;
}

export default ({ strapi }: { strapi: Core.Strapi }) =>
  keepErrorMessages(
    serviceFailures({
      /** POST /api/syndication/request_sign: start signing (when not started) and answer the caller's link. */
      async requestSign(ctx: Context) {
        const body = await validateBody(schemas.syndUser, ctx.request.body);
        ctx.body = await signing(strapi).requestSign(caller(ctx), body.id, requestInfo(ctx));
      },

      /** POST /api/syndication/sync_sign: the signing state, read from the provider. */
      async syncSign(ctx: Context) {
        const body = await validateBody(schemas.syndUser, ctx.request.body);
        ctx.body = await signing(strapi).syncSign(caller(ctx), body.id, requestInfo(ctx));
      },

      /** POST /api/syndication/signing_url: the caller's signing link, null once signed. */
      async signingUrl(ctx: Context) {
        const body = await validateBody(schemas.syndUser, ctx.request.body);
        ctx.body = await signing(strapi).signingUrl(caller(ctx), body.id, requestInfo(ctx));
      },

      /** GET /api/syndication/countersign?page=&pageSize=: a page (25 by default) of the portal's agreements waiting for management. */
      async waitingForManagement(ctx: Context) {
        const query = await validateQuery(schemas.waitingPage, ctx.query);
        ctx.body = await signing(strapi).waitingForManagement(caller(ctx), {
          page: Number(query.page ?? 1),
          pageSize: Number(query.pageSize ?? 25),
        });
      },

      /** POST /api/syndication/countersign: management signs; the agreement is completed and sealed. */
      async countersign(ctx: Context) {
        const body = await validateBody(schemas.countersign, ctx.request.body);
        ctx.body = await signing(strapi).countersign(caller(ctx), body.id, body.name.trim(), requestInfo(ctx));
      },

      /** POST /api/profile/synd_agreements/download: a five-minute link to the caller's completed agreement. */
      async download(ctx: Context) {
        const body = await validateBody(schemas.download, ctx.request.body);
        ctx.body = await signing(strapi).downloadLink(caller(ctx), body.syndUserId, cmsOrigin(strapi, ctx));
      },

      /** GET /api/signing/:token: the signer's page data. */
      async view(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = await signing(strapi).viewByToken(token, await linkRequest(strapi, ctx));
      },

      /** GET /api/signing/:token/document: the PDF to sign. */
      async document(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        const { pdf, name } = await signing(strapi).documentByToken(token);
        sendPdf(ctx, pdf, name);
      },

      /** POST /api/signing/:token/disclosure: the signer accepts the electronic records disclosure. */
      async acceptDisclosure(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        const { version } = await validateBody(schemas.disclosure, ctx.request.body);
        ctx.body = await signing(strapi).acceptDisclosure(token, version.trim(), await linkRequest(strapi, ctx));
      },

      /** POST /api/signing/:token/paper: the signer asks to sign on paper instead (consent withdrawn). */
      async requestPaper(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        await validateBody(schemas.nothing, ctx.request.body ?? {});
        ctx.body = await signing(strapi).requestPaper(token, await linkRequest(strapi, ctx));
      },

      /** POST /api/signing/:token/code: mails the signer a one-time code. */
      async sendCode(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        await validateBody(schemas.nothing, ctx.request.body ?? {});
        ctx.body = await signing(strapi).sendCode(token, await linkRequest(strapi, ctx));
      },

      /** POST /api/signing/:token/code/verify: checks the signer's one-time code. */
      async verifyCode(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        const { code } = await validateBody(schemas.code, ctx.request.body);
        ctx.body = await signing(strapi).verifyCode(token, code.trim(), await linkRequest(strapi, ctx));
      },

      /** POST /api/signing/:token/embedded: Dropbox Sign's embedded signing URL, once the checks before signing are passed. */
      async embedded(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        const { verification } = await validateBody(schemas.embedded, ctx.request.body ?? {});
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = await signing(strapi).embeddedSigning(token, verification, await linkRequest(strapi, ctx));
      },

      /** POST /api/signing/:token: the signer signs. */
      async sign(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        const body = await validateBody(schemas.sign, ctx.request.body);
        ctx.body = await signing(strapi).signByToken(
          token,
          { name: body.name.trim(), signature: body.signature, verification: body.verification },
          await linkRequest(strapi, ctx),
        );
      },

      /** POST /api/signing/:token/refresh: whether the signer has signed, read from the signing service first. */
      async refresh(ctx: Context) {
        const { token } = await validateBody(schemas.token, ctx.params);
        await validateBody(schemas.nothing, ctx.request.body ?? {});
        ctx.set('Cache-Control', 'private, no-store');
        ctx.body = await signing(strapi).refreshByToken(token, requestInfo(ctx));
      },

      /** GET /api/syndication/countersign/:id/document: the document the investor side signed, for management to read. */
      async countersignDocument(ctx: Context) {
        const { id } = await validateBody(schemas.syndUser, ctx.params);
        const { pdf, name } = await signing(strapi).documentToCountersign(caller(ctx), id);
        sendPdf(ctx, pdf, name);
      },

      /** GET /api/agreements/verify/:sha256?portal=: whether this portal issued the completed agreement of a fingerprint. */
      async verifyAgreement(ctx: Context) {
        const { sha256 } = await validateBody(schemas.fingerprint, ctx.params);
        const portal = await portals(strapi).forRequest(ctx);
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await signing(strapi).verifyAgreement(portal, sha256.trim().toLowerCase());
      },

      /** GET /api/files/:token: the private file a short-lived link names, as a download. */
      async file(ctx: Context) {
        const { token } = await validateBody(schemas.fileToken, { token: ctx.params.token });
        const file = fileOfLinkToken(token);
        if (file === 'expired') throw new errors.ForbiddenError('This download link has expired');
        // A link with an owner works only with that user's session (the route names no strategy, so it is read here).
        if (file && file.owner !== undefined && (await sessions(strapi).fromRequest(ctx))?.user.id !== file.owner) {
          throw new errors.ForbiddenError(
            'This download link works only when signed in as the investor it was made for',
          );
        }
        const storage = fileStorage(strapi);
        if (!file || file.storage !== storage.name || !(await storage.exists(file.key)))
          throw new errors.NotFoundError('Not found');
        ctx.set('Content-Disposition', attachmentDisposition(file.name));
        ctx.set('Cache-Control', 'private, no-store');
        ctx.type = /\.pdf$/i.test(file.name) ? 'application/pdf' : 'application/octet-stream';
        ctx.body = await storage.get(file.key);
      },

      /** POST /api/signing/dropbox/events: Dropbox Sign's callback; events whose hash does not verify are refused. */
      async dropboxEvents(ctx: Context) {
        const body = ctx.request.body as Record<string, unknown> | undefined;
        // Dropbox Sign posts multipart/form-data with the event as JSON in the field `json`; accept a JSON body too.
        let payload: unknown = body;
        if (body && typeof body.json === 'string') {
          try {
            payload = JSON.parse(body.json);
          } catch {
            throw new errors.ValidationError('The event is not valid JSON');
          }
        }
        if (!isDropboxSignEvent(portalConfig(strapi).signing.dropbox.apiKey, payload))
          throw new errors.ForbiddenError('The event hash does not verify');
        await signing(strapi).dropboxEvent(payload as Parameters<ReturnType<typeof signing>['dropboxEvent']>[0]);
        ctx.type = 'text/plain';
        ctx.body = 'Hello API Event Received';
      },
    }),
  );
