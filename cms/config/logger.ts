import { winston, formats } from '@strapi/logger';

// LOG_LEVEL=warn keeps scripts and tests quiet; the server logs every request by default.
export default {
  level: process.env.LOG_LEVEL || 'http',
  transports: [
    new winston.transports.Console({ level: process.env.LOG_LEVEL || 'http', format: formats.prettyPrint() }),
  ],
};
