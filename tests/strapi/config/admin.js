// No admin panel: the tests drive Strapi through its REST API and the bootstrap, so the
// (slow) admin build is never needed.
module.exports = ({ env }) => ({
  serveAdminPanel: false,
  auth: { secret: env('ADMIN_JWT_SECRET', 'test-admin-jwt-secret') },
  apiToken: { salt: env('API_TOKEN_SALT', 'test-api-token-salt') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', 'test-transfer-token-salt') } },
});
