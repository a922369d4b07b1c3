import { api } from '@/lib/api-client';

/** Sets the password of the emailed reset code; throws ApiError 400 with the CMS's message when refused. */
export const saveNewPassword = (code: string, password: string) =>
  api.post<unknown>('/api/auth/reset/new', { code, password });
