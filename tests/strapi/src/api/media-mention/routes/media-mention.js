const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::media-mention.media-mention');
