import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { SessionAnswer } from '@portal/rules';
import { googleProvider } from '../../../providers/google';
import { randomCode } from '../../../utils/codes';
import { portalConfig } from '../../../utils/portal-config';
import { serviceAccessor } from '../../../utils/service';
import { accounts } from '../../account/services/account';
import { toMe } from '../../account/me';
import { canSignIn, findUser, findUsersByName, type AccountUser } from '../../account/users';
import { portals, type PortalRow } from '../../portal/services/portal';
import { settingsOf } from '../../setting/services/setting';
import { sessions } from './session';

/** The one answer to every failed sign-in, so it never tells whether an account exists. */
const SIGN_IN_FAILED = 'Invalid username or password';
const GOOGLE_FAILED = 'Invalid Google credential';

/** A new session: the user as the site sees it and the raw code for the authcode header. */
interface PasswordService {
  validatePassword(password: string, hash: string): Promise<boolean>;
  ensureHashedPasswords(values: { password: string }): Promise<{ password: string }>;
}

const signInService = ({ strapi }: { strapi: Core.Strapi }) => {
  const passwords = () => strapi.plugin('users-permissions').service('user') as PasswordService;
  let dummyHash: Promise<string> | undefined;

  /** Compares against a throw-away hash when no account matched, so both failures take as long. */
  async function passwordMatches(user: AccountUser | undefined, password: string): Promise<boolean> {
    if (user?.password) return passwords().validatePassword(password, user.password);
    dummyHash ??= passwords()
      .ensureHashedPasswords({ password: randomCode() })
      .then((values) => values.password);
    await passwords().validatePassword(password, await dummyHash);
    return false;
  }

  /** Whether a user may sign in on this portal: a user's rights hold in their own portal only. */
  async function belongsTo(user: AccountUser, portal: PortalRow): Promise<boolean> {
    return (await portals(strapi).ofUser(user))?.id === portal.id;
  }

  /** Opens a session for a user who may sign in on `portal`; else `failed`. */
  async function openSession(
    user: AccountUser | null | undefined,
    portal: PortalRow,
    failed: Error,
  ): Promise<SessionAnswer> {
    if (!user || !canSignIn(user) || !(await belongsTo(user, portal))) throw failed;
    const authCode = await sessions(strapi).create(user.id);
    const fresh = await findUser(strapi, { id: user.id });
    if (!fresh) throw failed;
    return { me: toMe(fresh, false), authCode };
  }

  return {
    /** Signs in on `portal` by username or email (any case) and password; every failure answers the same 401. */
    async withPassword(username: string, password: string, portal: PortalRow): Promise<SessionAnswer> {
      const candidates = username.trim() ? await findUsersByName(strapi, username.trim()) : [];
      let user: AccountUser | undefined;
      for (const candidate of candidates) {
        if (await passwordMatches(candidate, password)) {
          user = candidate;
          break;
        }
      }
      if (!candidates.length) await passwordMatches(undefined, password);
      return openSession(user, portal, new errors.UnauthorizedError(SIGN_IN_FAILED));
    },

    /** Signs in on `portal` with a Google ID token for its client id, creating the account on first use. */
    async withGoogle(credential: string, portal: PortalRow): Promise<SessionAnswer> {
      if (await settingsOf(strapi).isOn('signInWithGoogleDisabled'))
        throw new errors.ForbiddenError('Sign in with Google is disabled');
      const failed = new errors.UnauthorizedError(GOOGLE_FAILED);
      const audience = portal.signInWithGoogleClientId;
      const identity = audience
        ? await googleProvider(portalConfig(strapi).google)
            .verify(credential, [audience])
            .catch((error: unknown) => {
              strapi.log.warn(
                `Google sign-in could not be checked: ${error instanceof Error ? error.message : String(error)}`,
              );
              return null;
            })
        : null;
      if (!identity) throw failed;
      return openSession(await accounts(strapi).googleAccount(identity, portal), portal, failed);
    },
  };
};

export type SignInService = ReturnType<typeof signInService>;

/** The sign-in service, typed. */
export const signIns = serviceAccessor<SignInService>('api::session.sign-in');

export default signInService;
