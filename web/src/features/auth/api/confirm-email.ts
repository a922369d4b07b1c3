import { api } from '@/lib/api-client';

/** Activates the account of the emailed confirmation code; throws ApiError 400 for an invalid or used code. */
export const confirmEmail = (code: string) => api.post<unknown>('/api/auth/confirm', { code });
