const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::desktop-navigation-main.desktop-navigation-main');
