import useSWR from 'swr';
import { env } from '@/config/env';
import { api, ApiError } from '@/lib/api-client';

/**
 * GET /api/signing/:token: who signs what (the local signing provider; no session needed, the token is the key), and
 * the checks before signing: the electronic records disclosure and how the signer proves who they are.
 */
export interface SigningRequest {
  signer: { role: 'investor' | 'spouse'; name: string | null };
  document: { title: string | null; investmentName: string | null; fundName: string | null; amount: number | null };
  signed: boolean;
  canSign?: boolean;
  /** local: read and signed on this page; dropbox-sign: signed in Dropbox Sign's embedded signer (embeddedSigning). */
  provider?: 'local' | 'dropbox-sign';
  documentUrl: string | null;
  disclosure?: { title: string; body: string; version: string };
  disclosureAccepted?: { version: string; acceptedAt: string } | null;
  identity?: {
    /** session: the investor's own signed-in session proves it; email-code: a six-digit code mailed to them. */
    method: 'session' | 'email-code';
    email: string | null;
    codeSentAt: string | null;
    lockedUntil: string | null;
    /** Suspended after three lock-outs: no code and no signature until a new link is sent. */
    suspended?: boolean;
  };
}

const signingPath = (token: string) => `/api/signing/${encodeURIComponent(token)}`;

/** The signing request of `token`; null when the link is unknown, used up or expired. */
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

export interface Signature {
  name: string;
  /** A drawn signature as a data:image/png;base64 URL, when one was drawn. */
  signature?: string;
  consent: true;
  /** The proof the code check answered (not needed with the investor's own session). */
  verification?: string;
}

/** Accepts the disclosure of `version` (the one shown). */
export const acceptDisclosure = (token: string, version: string) =>
  api.post<{ version: string; acceptedAt: string }>(`${signingPath(token)}/disclosure`, { version });

/** Withdraws consent to sign electronically: the sponsor is told to send the agreement on paper. */
export const requestPaper = (token: string) =>
  api.post<{ requested: true; contact: string }>(`${signingPath(token)}/paper`, {});

/** Mails the signer a six-digit code. */
export const sendCode = (token: string) =>
  api.post<{ sentTo: string; expiresAt: string }>(`${signingPath(token)}/code`, {});

/** Checks the code; answers the proof to send with the signature. Throws ApiError (wrong, expired, locked). */
export const verifyCode = (token: string, code: string) =>
  api.post<{ verified: true; verification: string }>(`${signingPath(token)}/code/verify`, { code });

/** Dropbox Sign's embedded signer of the link: its URL and what hellosign-embedded needs; once the checks are passed. */
export interface EmbeddedSigning {
  url: string;
  clientId: string;
  testMode: boolean;
  syndUserId: string;
}

/** The embedded signer's URL; throws ApiError until the disclosure is accepted and the signer proved who they are. */
export const embeddedSigning = (token: string, verification: string | null) =>
  api.post<EmbeddedSigning>(`${signingPath(token)}/embedded`, verification ? { verification } : {});

/** Signs; throws ApiError (e.g. when the link has expired meanwhile). */
export const sign = (token: string, signature: Signature) =>
  api.post<{ success: boolean; syndUserId: string | number }>(signingPath(token), signature);

/**
 * GET /api/agreements/verify/:sha256: whether the portal issued a completed agreement; null when it did not (404).
 * Throws ApiError when the check could not be made (rate limit, server or network failure).
 */
export interface AgreementVerdict {
  valid: true;
  completedAt: string;
  portal: string;
  signerInitials: string[];
  /** Only on an agreement the sponsor voided when amending the commitment: another agreement replaces it. */
  superseded?: true;
  supersededAt?: string;
}

export async function verifyAgreement(sha256: string, portal: string): Promise<AgreementVerdict | null> {
  try {
    return await api.read<AgreementVerdict>(`/api/agreements/verify/${sha256}`, { portal }, { withSession: false });
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return null;
    throw failure;
  }
}
