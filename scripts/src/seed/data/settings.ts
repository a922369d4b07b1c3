import { SETTING } from '../../lib/uids';
import { record, type SeedRecord } from '../engine';

/** App flags every visitor reads (hence levelToRead guest); only a superadmin changes them. */
export const SETTINGS: SeedRecord[] = ['registrationDisabled', 'signInWithGoogleDisabled'].map((name) =>
  record(SETTING, ['name'], { name, value: false, levelToRead: 'guest', levelToWrite: 'superadmin' }),
);
