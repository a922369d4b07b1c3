/** The local storage's upload endpoint: the signed policy in the form is the key, not a session (docs/api-files.md). */
export default {
  routes: [
    { method: 'POST', path: '/storage/upload', handler: 'api::storage.storage.upload', config: { auth: false } },
  ],
};
