import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { applyAdminLayouts } from './bootstrap/admin-layouts';
import { registerCustomFields } from './bootstrap/custom-fields';
import { useOutboxWithoutSmtp } from './bootstrap/mail-provider';
import { closeRolePermissions } from './bootstrap/role-permissions';
import { registerPlainTextCheck } from './bootstrap/plain-text';
import { registerPortalFieldChecks } from './bootstrap/portal-fields';
import { registerRichTextSanitising } from './bootstrap/sanitize-rich-text';
import { runMigrationsAfterSchemaSync } from './bootstrap/migrations';
import { registerRelationFilters } from './bootstrap/relation-filters';
import { labelSessions } from './bootstrap/session-labels';
import { applyStaffPermissions } from './bootstrap/staff-permissions';
import { ensureBuiltInTemplates } from './api/notification-template/built-in';
import { checkSealingCertificate } from './providers/signing';
import { portalConfig } from './utils/portal-config';
import { registerUniquePerPortal } from './bootstrap/unique-per-portal';
import { sessions } from './api/session/services/session';
import { upkeep } from './api/upkeep/services/upkeep';
import { registerReadCache, replayBeforeKoa } from './utils/read-cache';
import { registerSignedInCaches } from './utils/signed-in-cache';
import { replaySecurityHeaders } from './utils/security-headers';
import { cacheStaffAbilities } from './utils/staff-abilities';
import { registerRecordRules } from './bootstrap/record-rules';
import { reusePreparedStatements } from './utils/sqlite-statements';
import { refuseUnreadyProduction } from './utils/env';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    // Production's refusals (secrets, the sealing certificate, an unpinned time authority) stop a start, not a read of
    // the configuration: `strapi build` reads it to make the admin's production bundle without any secret.
    refuseUnreadyProduction();
    reusePreparedStatements();
    registerCustomFields(strapi);
    registerUniquePerPortal(strapi);
    registerRichTextSanitising(strapi);
    registerPlainTextCheck(strapi);
    registerPortalFieldChecks(strapi);
    registerReadCache(strapi);
    registerSignedInCaches(strapi);
    replaySecurityHeaders(strapi);
    runMigrationsAfterSchemaSync(strapi);
    registerRelationFilters(strapi);
    registerRecordRules(strapi);
    // Our sessions: routes that list `auth: { strategies: ['authcode'] }` need a valid authcode header (else 401).
    // No `verify`: what a caller may do is decided by each route's policies, not by role permissions. So a session
    // opens only the routes that name this strategy: the plugins' routes (users, roles, upload, ...) try every
    // strategy, and a session accepted there would pass them without any permission check.
    strapi.get('auth').register('content-api', {
      name: 'authcode',
      async authenticate(ctx: Context) {
        const strategies = (ctx.state.route as { config?: { auth?: { strategies?: unknown[] } } } | undefined)?.config
          ?.auth?.strategies;
        if (!strategies?.includes('authcode')) return { authenticated: false };
        const caller = await sessions(strapi).fromRequest(ctx);
        return caller ? { authenticated: true, credentials: caller.user } : { authenticated: false };
      },
    });
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await closeRolePermissions(strapi);
    await applyAdminLayouts(strapi);
    await applyStaffPermissions(strapi);
    cacheStaffAbilities(strapi);
    await labelSessions(strapi);
    await ensureBuiltInTemplates(strapi);
    checkSealingCertificate(portalConfig(strapi).signing);
    useOutboxWithoutSmtp(strapi);
    replayBeforeKoa(strapi);
    upkeep(strapi).schedule();
  },
};
