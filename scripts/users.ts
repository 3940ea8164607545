/**
 * `npm run users -- <command>`: who among the accounts is the firm's staff (same database as the
 * server: PostgreSQL at `DATABASE_URL`, else the SQLite file `LEADS_DB`). Roles are given here
 * only, by someone with access to the server; the first admin is made this way.
 *   grant <email> staff|admin   the account gets the role (it must exist and its address be
 *                               confirmed: register at /login, then follow the e-mailed link)
 *   revoke <email>              the account loses its role and is a visitor's account again
 *   list [--all]                accounts holding a role (--all: every account)
 *   takes-leads <email> on|off  new leads are (or are no longer) given to this staff member in
 *                               turn (README, Leads: Assignment); only an account with a role
 * Exits 2, printing why, for an unknown command, e-mail address or role, or an unconfirmed address.
 */
import {
  createRoleStore,
  isStaffRole,
  staffRoles,
  type RoleChange,
  type RoleRefusal,
} from '@/site/server/auth/role-store';
import type { AuthTables } from '@/site/server/auth/user-store';
import { AssignmentStore } from '@/site/server/leads/assignment-store';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

const usage = `usage: npm run users -- <command>
  grant <email> ${staffRoles.join('|')}
  revoke <email>
  list [--all]
  takes-leads <email> on|off`;

class UsageError extends Error {}

/** Addresses are stored lower-cased (credentials-schema), so they are looked up that way. */
const address = (text: string | undefined) => {
  if (!text || text.startsWith('--')) throw new UsageError(usage);
  return text.trim().toLowerCase();
};

const roleName = (role: string | null) => role ?? 'no role';

function describe(change: RoleChange | RoleRefusal | undefined, email: string): string {
  if (!change) {
    throw new UsageError(
      `There is no account with the e-mail address "${email}"; it must be registered at /login first.`,
    );
  }
  if ('refused' in change) {
    // Anyone can register any address: until its owner follows the link, the account's password
    // may be a stranger's, and the role would be theirs.
    throw new UsageError(
      `The e-mail address "${change.email}" is not confirmed yet, so it gets no role: anyone can ` +
        'register an address that is not theirs. Its owner must first follow the link in the ' +
        'confirmation e-mail (or ask for a new one at /account/verify), then run this again.',
    );
  }
  return change.before === change.after
    ? `${change.email}: unchanged (${roleName(change.after)})`
    : `${change.email}: ${roleName(change.before)} → ${roleName(change.after)}`;
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  const roles = async () =>
    createRoleStore((await siteRuntime().database()).db.withTables<AuthTables>());
  switch (command) {
    case 'grant': {
      const email = address(rest[0]);
      const role = rest[1];
      if (!isStaffRole(role)) {
        throw new UsageError(
          role === undefined
            ? usage
            : `Unknown role "${role}": use ${staffRoles.map((r) => `"${r}"`).join(' or ')}.`,
        );
      }
      if (rest.length > 2) throw new UsageError(usage);
      console.log(describe(await (await roles()).grant(email, role), email));
      return;
    }
    case 'revoke': {
      const email = address(rest[0]);
      if (rest.length > 1) throw new UsageError(usage);
      console.log(describe(await (await roles()).revoke(email), email));
      return;
    }
    case 'list': {
      const all = rest.includes('--all');
      if (rest.some((arg) => arg !== '--all')) throw new UsageError(usage);
      const holders = await (await roles()).list({ all });
      for (const user of holders) {
        console.log(
          `${roleName(user.role).padEnd(7)}  ${user.email}${user.emailVerified ? '' : '  (e-mail not confirmed)'}`,
        );
      }
      console.log(`${holders.length} account(s)${all ? '' : ' with a role'}`);
      return;
    }
    case 'takes-leads': {
      const email = address(rest[0]);
      const on = rest[1];
      if ((on !== 'on' && on !== 'off') || rest.length > 2) throw new UsageError(usage);
      const assignments = new AssignmentStore(siteRuntime().database);
      const change = await assignments.setTakesLeads(email, on === 'on');
      if (!change) describe(undefined, email);
      else if ('refused' in change) {
        throw new UsageError(
          `${change.email} has no staff role, so it takes no leads: grant it one first.`,
        );
      } else {
        const word = (taking: boolean) => (taking ? 'takes leads' : 'takes no leads');
        console.log(
          change.before === change.after
            ? `${change.email}: unchanged (${word(change.after)})`
            : `${change.email}: ${word(change.before)} → ${word(change.after)}`,
        );
      }
      return;
    }
    default:
      throw new UsageError(usage);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    console.error(`users: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} finally {
  // A PostgreSQL pool would keep the process alive; the SQLite file is closed cleanly.
  await siteRuntime().close();
}
