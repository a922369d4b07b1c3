import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { hasLevel, LEVELS, SETTING_FLAGS, type Level, type SettingFlag } from '@portal/rules';
import { captchaProvider } from '../../../providers/captcha';
import { inTurn, TURNS } from '../../../utils/in-turn';
import { portalConfig } from '../../../utils/portal-config';
import type { PortalRow } from '../../portal/services/portal';
import { serviceAccessor } from '../../../utils/service';
import { SETTING } from '../../../utils/uids';
import type { Row } from '../../../utils/rows';

/** Creating a setting needs at least this level, so a user cannot plant a flag that is not stored yet. */
export const CREATE_LEVEL: Level = 'admin';

type SettingRow = Pick<Row<typeof SETTING>, 'id' | 'documentId' | 'name' | 'value'> &
  Partial<Pick<Row<typeof SETTING>, 'levelToRead' | 'levelToWrite'>>;

export interface PersistInput {
  settings: Record<string, unknown>;
  levelToRead?: Level;
  levelToWrite?: Level;
}

const settingService = ({ strapi }: { strapi: Core.Strapi }) => {
  /** Whether an app switch is on (a stored `true`). */
  async function isOn(flag: SettingFlag): Promise<boolean> {
    const row: SettingRow | null = await strapi.db.query(SETTING).findOne({ where: { name: flag } });
    return row?.value === true;
  }

  return {
    isOn,

    /**
     * The settings a caller of `level` may read (guest when signed out) as { name: value }, with the app switches
     * and the portal's public keys of outside services when the site can use them.
     */
    async load(level: string | null | undefined, portal: PortalRow): Promise<Record<string, unknown>> {
      const readable = LEVELS.filter((candidate) => hasLevel(level, candidate));
      // A setting with no levelToRead has the schema default, superadmin.
      const where = hasLevel(level, 'superadmin')
        ? { $or: [{ levelToRead: { $in: readable } }, { levelToRead: { $null: true } }] }
        : { levelToRead: { $in: readable } };
      const rows: SettingRow[] = await strapi.db.query(SETTING).findMany({ where, orderBy: { name: 'asc' } });
      const settings: Record<string, unknown> = Object.fromEntries(rows.map((row) => [row.name, row.value]));
      for (const flag of SETTING_FLAGS) settings[flag] = await isOn(flag);

      // The site loads the captcha and Google scripts only when these are present, so give them only when usable.
      delete settings.recaptchaSiteKey;
      delete settings.signInWithGoogleClientId;
      if (portal.recaptchaSiteKey && captchaProvider(portalConfig(strapi).captcha).enabled) {
        settings.recaptchaSiteKey = portal.recaptchaSiteKey;
      }
      if (portal.signInWithGoogleClientId && !settings.signInWithGoogleDisabled) {
        settings.signInWithGoogleClientId = portal.signInWithGoogleClientId;
      }
      return settings;
    },

    /**
     * Saves settings in one transaction: the caller must hold the write level of each existing one and any new
     * write level given; new ones need CREATE_LEVEL and take the given levels (default superadmin).
     */
    async persist(
      level: string | null | undefined,
      { settings, levelToRead, levelToWrite }: PersistInput,
    ): Promise<void> {
      if (levelToWrite && !hasLevel(level, levelToWrite)) {
        throw new errors.ForbiddenError(`You cannot give a setting the write level ${levelToWrite}, above your own`);
      }
      const names = Object.keys(settings);
      // Two saves of a new setting at once would both create it: they take turns, so the second finds the first's
      // row and updates it.
      await inTurn(strapi, [TURNS.settings, 0], async () => {
        const existing: SettingRow[] = await strapi.db.query(SETTING).findMany({ where: { name: { $in: names } } });
        for (const row of existing) {
          if (!hasLevel(level, row.levelToWrite ?? 'superadmin')) {
            throw new errors.ForbiddenError(`You don't have rights to change the setting ${row.name}`);
          }
        }
        const levels = { ...(levelToRead && { levelToRead }), ...(levelToWrite && { levelToWrite }) };
        const documents = strapi.documents(SETTING);
        for (const name of names) {
          const row = existing.find((candidate) => candidate.name === name);
          if (row) {
            await documents.update({ documentId: row.documentId, data: { value: settings[name], ...levels } as never });
          } else if (!hasLevel(level, CREATE_LEVEL)) {
            throw new errors.ForbiddenError(`There is no setting ${name}, and only an ${CREATE_LEVEL} may create one`);
          } else {
            await documents.create({ data: { name, value: settings[name], ...levels } as never });
          }
        }
      });
    },
  };
};

export type SettingService = ReturnType<typeof settingService>;

/** The setting service, typed. */
export const settingsOf = serviceAccessor<SettingService>(SETTING);

export default settingService;
