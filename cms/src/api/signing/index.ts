import type { Core } from '@strapi/strapi';
import { signing } from './services/signing';

/** Signing's start-up work. */
export default {
  /**
   * Once the CMS serves, in the background (a start does not wait; a script that boots without serving runs none):
   * fingerprints for the completed agreements stored before they existed (docs/signing.md).
   */
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    strapi.server.httpServer.once('listening', () => {
      signing(strapi)
        .backfillFingerprints()
        .then(
          (filled) =>
            filled && strapi.log.info(`Fingerprints given to ${filled} completed agreements stored before them`),
        )
        .catch((error: unknown) =>
          strapi.log.error(
            `Agreement fingerprints not filled in: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
    });
  },
};
