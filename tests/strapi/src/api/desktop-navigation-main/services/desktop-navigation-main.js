const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService(
  'api::desktop-navigation-main.desktop-navigation-main',
);
