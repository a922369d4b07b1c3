import useSWR from 'swr';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';

/** GET /api/signing/:token: who signs what (the local signing provider; no session, the token is the key). */
export interface SigningRequest {
  signer: { role: 'investor' | 'spouse'; name: string | null; email: string | null };
  document: { title: string | null; investmentName: string | null; fundName: string | null; amount: number | null };
  signed: boolean;
  documentUrl: string | null;
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
}

/** Signs; throws ApiError (e.g. when the link has expired meanwhile). */
export const sign = (token: string, signature: Signature) =>
  api.post<{ success: boolean; syndUserId: string | number }>(signingPath(token), signature);
