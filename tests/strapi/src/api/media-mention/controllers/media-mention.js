const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::media-mention.media-mention');
