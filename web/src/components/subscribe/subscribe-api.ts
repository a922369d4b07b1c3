import { api } from '@/lib/api-client';

/** Subscribes `email` to the portal's newsletter; true only when the CMS says it succeeded. */
export async function subscribeToNewsletter(email: string, portal: string): Promise<boolean> {
  try {
    const answer = await api.post<{ success?: unknown } | null>('/api/email/mailchimpsubscribe', { email, portal });
    return answer?.success === true;
  } catch {
    // The spec shows one message for every failure, whatever the server said.
    return false;
  }
}
