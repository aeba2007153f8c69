import { createStore, newUserRecord } from '../../api/src/store';
import { newId } from '../../api/src/lib/ids';
import { hashPassword } from '../../api/src/lib/passwords';

/**
 * Accounts the browser suites need but cannot make through the API on this branch: approving a
 * payment (which makes a paid member) belongs to another issue, and there is no test-only route.
 * So, before the server starts, the real store module writes them into the server's fresh DATA_DIR,
 * exactly as the server would keep them. The server then opens that store as its own.
 */
export interface SeededAccount {
  email: string;
  username: string;
  name: string;
  password: string;
}

export interface SeededAccounts {
  member: SeededAccount;
  trial: SeededAccount;
  expired: SeededAccount;
}

const DAY = 24 * 60 * 60 * 1000;

export const SEEDED: SeededAccounts = {
  member: { email: 'e2e-member@example.com', username: 'e2emember', name: 'Budi Santoso', password: 'e2e member password' },
  trial: { email: 'e2e-trial@example.com', username: 'e2etrial', name: 'Tari Lestari', password: 'e2e trial password' },
  expired: { email: 'e2e-expired@example.com', username: 'e2eexpired', name: 'Eko Prasetyo', password: 'e2e expired password' },
};

export const seedAccounts = async (dataDir: string): Promise<SeededAccounts> => {
  const store = await createStore({ mongodbUrl: null, dataDir });
  const now = Date.now();
  try {
    const make = async (account: SeededAccount, fields: Record<string, unknown>) => {
      const record = newUserRecord({
        _id: newId(),
        name: account.name,
        username: account.username,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        emailVerified: true,
        role: 'trial',
        membershipTier: 'trial',
      });
      await store.users.create({ ...record, ...fields });
    };
    await make(SEEDED.member, { role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: new Date(now + 30 * DAY) });
    await make(SEEDED.trial, { role: 'trial', membershipTier: 'trial', trialExpiresAt: new Date(now + 7 * DAY) });
    await make(SEEDED.expired, { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: new Date(now - DAY) });
  } finally {
    await store.close();
  }
  return SEEDED;
};
