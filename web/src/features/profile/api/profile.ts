import type { ProfileField, ProfileSettingsSaved, UserSaved } from '@portal/rules';
import { api } from '@/lib/api-client';

/** The profile form's fields as typed ('' for nothing). */
export type ProfileValues = Record<ProfileField, string>;

/** PUT /api/users/:id with the spec's profile fields; throws ApiError when refused. */
export const saveProfile = (id: number, values: ProfileValues) => api.put<UserSaved>(`/api/users/${id}`, values);

/** POST /api/profile/settings (ours): the timezone, '' for the device's own; throws ApiError when refused. */
export const saveProfileSettings = (timezone: string) =>
  api.post<ProfileSettingsSaved>('/api/profile/settings', { timezone });
