import { guarded, SESSION } from '../../../utils/routes';

const handler = (name: string) => `api::signing.signing.${name}`;
const signedIn = (method: 'GET' | 'POST', path: string, name: string, policies: unknown[] = [], extra: { guestMayCall?: boolean } = {}) => ({
  method, path, handler: handler(name), config: { auth: SESSION, policies, ...extra },
});
const staff = [{ name: 'global::has-level', config: { level: 'admin' } }];
// Open routes: the link's token (or the event's hash) is the key, not a session.
const open = (method: 'GET' | 'POST', path: string, name: string) => ({ method, path, handler: handler(name), config: { auth: false } });

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
    open('GET', '/signing/:token/document', 'document'),
    open('POST', '/signing/:token', 'sign'),
    open('POST', '/signing/:token/disclosure', 'acceptDisclosure'),
    open('POST', '/signing/:token/code', 'sendCode'),
    open('POST', '/signing/:token/code/verify', 'verifyCode'),
    // Anyone holding a completed agreement checks its fingerprint (docs/signing.md); counted like the sign-in family.
    { method: 'GET', path: '/agreements/verify/:sha256', handler: handler('verifyAgreement'), config: { auth: false, middlewares: guarded('agreement-verify') } },
    open('GET', '/files/:token', 'file'),
  ],
};
