import { guarded, SESSION } from '../../../utils/routes';

const handler = (name: string) => `api::signing.signing.${name}`;
const signedIn = (
  method: 'GET' | 'POST',
  path: string,
  name: string,
  policies: unknown[] = [],
  extra: { guestMayCall?: boolean } = {},
) => ({
  method,
  path,
  handler: handler(name),
  config: { auth: SESSION, policies, ...extra },
});
const staff = [{ name: 'global::has-level', config: { level: 'admin' } }];
// Open routes: the link's token (or the event's hash) is the key, not a session; `middlewares`: rate limits.
const open = (method: 'GET' | 'POST', path: string, name: string, middlewares?: unknown[]) => ({
  method,
  path,
  handler: handler(name),
  config: { auth: false, ...(middlewares ? { middlewares } : {}) },
});

/** Signing agreements: the contract in docs/api-investor.md, section Signing (under the /api prefix). */
export default {
  routes: [
    signedIn('POST', '/syndication/request_sign', 'requestSign'),
    signedIn('POST', '/syndication/sync_sign', 'syncSign'),
    signedIn('POST', '/syndication/signing_url', 'signingUrl'),
    signedIn('GET', '/syndication/countersign', 'waitingForManagement', staff),
    signedIn('POST', '/syndication/countersign', 'countersign', staff),
    signedIn('GET', '/syndication/countersign/:id/document', 'countersignDocument', staff),
    // A read made as POST: a guest session may download what the investor may.
    signedIn('POST', '/profile/synd_agreements/download', 'download', [], { guestMayCall: true }),
    open('POST', '/signing/dropbox/events', 'dropboxEvents'),
    open('GET', '/signing/:token', 'view'),
    // What a link holder can repeat at will, counted per client address: the document and the refresh (with Dropbox
    // Sign, a call to the service's API each time), the signature (each refused one on a locked link is recorded), the
    // disclosure and paper (each written to the trail).
    open('GET', '/signing/:token/document', 'document', guarded('signing-document')),
    open('POST', '/signing/:token/refresh', 'refresh', guarded('signing-refresh')),
    open('POST', '/signing/:token', 'sign', guarded('signing-sign')),
    open('POST', '/signing/:token/disclosure', 'acceptDisclosure', guarded('signing-disclosure')),
    open('POST', '/signing/:token/embedded', 'embedded'),
    open('POST', '/signing/:token/paper', 'requestPaper', guarded('signing-paper')),
    // Mailing and checking codes are counted per client address like the sign-in family, on top of each link's own limits.
    open('POST', '/signing/:token/code', 'sendCode', guarded('signing-code')),
    open('POST', '/signing/:token/code/verify', 'verifyCode', guarded('signing-code-verify')),
    // Anyone holding a completed agreement checks its fingerprint (docs/signing.md); counted like the sign-in family.
    open('GET', '/agreements/verify/:sha256', 'verifyAgreement', guarded('agreement-verify')),
    open('GET', '/files/:token', 'file'),
  ],
};
