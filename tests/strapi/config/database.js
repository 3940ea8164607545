const path = require('node:path');

// SQLite in the folder the test runner gives (a fresh temp folder per run), so every run
// starts from the seed alone.
module.exports = ({ env }) => ({
  connection: {
    client: 'sqlite',
    connection: {
      filename: env('DATABASE_FILENAME', path.join(__dirname, '..', '.tmp', 'data.db')),
    },
    useNullAsDefault: true,
  },
});
