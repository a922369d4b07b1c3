/**
 * `npm run build -w cms` runs this first (its prebuild): Strapi's build compiles into cms/dist without deleting what a
 * removed source compiled to, so a deploy after a `git pull` would go on loading a removed route or middleware.
 */
import { removeStaleCompiledCms } from './lib/strapi';

removeStaleCompiledCms();
