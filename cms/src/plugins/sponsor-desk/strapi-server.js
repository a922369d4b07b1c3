'use strict';
// The plugin's server is TypeScript, compiled with the app into dist/ (as `npm start`, the tests and `strapi develop` do).
module.exports = require('../../../dist/src/plugins/sponsor-desk/server').default;
