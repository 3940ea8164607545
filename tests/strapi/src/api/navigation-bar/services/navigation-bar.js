const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::navigation-bar.navigation-bar');
