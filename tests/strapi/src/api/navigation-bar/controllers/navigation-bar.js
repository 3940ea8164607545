const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::navigation-bar.navigation-bar');
