import { parseEnv } from './parse-env';

/** Read once at start-up, so a misconfigured build fails loudly before anything renders. */
export const env = parseEnv(import.meta.env);
