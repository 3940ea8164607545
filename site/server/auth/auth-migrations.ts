import type { Migration } from '@/site/server/db/database';

/**
 * The account tables. Secrets are never stored as given: passwords as scrypt hashes,
 * session and verification tokens as SHA-256 digests (a leaked database opens no session).
 */
export const authMigrations: readonly Migration[] = [
  {
    name: 'auth-001-users',
    sql: `CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL,
      email_verified_at INTEGER,
      created_at INTEGER NOT NULL
    )`,
  },
  {
    name: 'auth-002-sessions',
    sql: `CREATE TABLE auth_sessions (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE INDEX auth_sessions_user ON auth_sessions(user_id);`,
  },
  {
    name: 'auth-003-email-verifications',
    sql: `CREATE TABLE email_verifications (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );
    CREATE INDEX email_verifications_user ON email_verifications(user_id);`,
  },
];
