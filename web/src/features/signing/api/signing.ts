import type {
  AgreementVerdict,
  CodeSent,
  CodeVerified,
  DisclosureAccepted,
  EmbeddedSigning,
  PaperRequested,
  Signature,
  Signed,
  SigningRefreshed,
  SigningRequest,
} from '@portal/rules';
import useSWR from 'swr';
import { env } from '@/config/env';
import { api, ApiError } from '@/lib/api-client';

const signingPath = (token: string) => `/api/signing/${encodeURIComponent(token)}`;

/**
 * GET /api/signing/:token: the signing request of `token` (no session needed, the token is the key); null when the
 * link is unknown, used up or expired.
 */
export function useSigningRequest(token: string) {
  return useSWR(['signing', token], ([, key]) => api.get<SigningRequest>(signingPath(key)), {
    revalidateOnFocus: false,
  });
}

/** Where the PDF to sign is: the answer's documentUrl (made absolute against the CMS), else the contract's path. */
export function documentUrlOf(token: string, request: SigningRequest): string {
  const url = request.documentUrl || `${signingPath(token)}/document`;
  return /^https?:\/\//i.test(url) ? url : `${env.apiUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Accepts the disclosure of `version` (the one shown). */
export const acceptDisclosure = (token: string, version: string) =>
  api.post<DisclosureAccepted>(`${signingPath(token)}/disclosure`, { version });

/** Withdraws consent to sign electronically: the sponsor is told to send the agreement on paper. */
export const requestPaper = (token: string) => api.post<PaperRequested>(`${signingPath(token)}/paper`, {});

/** Mails the signer a six-digit code. */
export const sendCode = (token: string) => api.post<CodeSent>(`${signingPath(token)}/code`, {});

/** Checks the code; answers the proof to send with the signature. Throws ApiError (wrong, expired, locked). */
export const verifyCode = (token: string, code: string) =>
  api.post<CodeVerified>(`${signingPath(token)}/code/verify`, { code });

/** The embedded signer's URL; throws ApiError until the disclosure is accepted and the signer proved who they are. */
export const embeddedSigning = (token: string, verification: string | null) =>
  api.post<EmbeddedSigning>(`${signingPath(token)}/embedded`, verification ? { verification } : {});

/** Signs; throws ApiError (e.g. when the link has expired meanwhile). */
export const sign = (token: string, signature: Signature) => api.post<Signed>(signingPath(token), signature);

/** Whether the signer has signed, read from the signing service first (Dropbox Sign records it so, no session needed). */
export const refreshSignature = (token: string) => api.post<SigningRefreshed>(`${signingPath(token)}/refresh`, {});

/**
 * GET /api/agreements/verify/:sha256: whether the portal issued a completed agreement; null when it did not (404).
 * Throws ApiError when the check could not be made (rate limit, server or network failure).
 */
export async function verifyAgreement(sha256: string, portal: string): Promise<AgreementVerdict | null> {
  try {
    return await api.read<AgreementVerdict>(`/api/agreements/verify/${sha256}`, { portal }, { withSession: false });
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return null;
    throw failure;
  }
}
