// Loopback only, on the port the test runner picked. The keys only sign this throwaway
// instance's cookies; real secrets never belong here.
module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  app: { keys: env.array('APP_KEYS', ['test-app-key-1', 'test-app-key-2']) },
  // The site's webhook reads the entry itself (path, slug, publishedAt), not its relations.
  webhooks: { populateRelations: false },
});
