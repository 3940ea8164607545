module.exports = ({ env }) => ({
  'users-permissions': { config: { jwtSecret: env('JWT_SECRET', 'test-users-jwt-secret') } },
  // The site asks for `populate=deep`: components, relations and their components.
  'strapi-plugin-populate-deep': { config: { defaultDepth: 5 } },
});
