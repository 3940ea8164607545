const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController(
  'api::desktop-navigation-main.desktop-navigation-main',
);
