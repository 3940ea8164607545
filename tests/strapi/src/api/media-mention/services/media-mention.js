const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::media-mention.media-mention');
