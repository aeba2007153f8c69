import { createStore, newUserRecord } from '../../api/src/store';
import { newId } from '../../api/src/lib/ids';
import { hashPassword } from '../../api/src/lib/passwords';

/**
 * Fixed accounts for the browser suites, in every state a user can be in. Making a paid or an
 * expired member through the product takes a payment, an approval and (for expiry) time, so, before
 * the server starts, the real store module writes them into the server's fresh DATA_DIR exactly as
 * the server would keep them; there is no test-only route. (The payment → approval path itself is
 * covered through the product in admin.e2e and membership.e2e.) Suites that change an account's
 * state (a private chat, say) get one of their own, so the suites run in any order.
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
  /** A second paid member, for the tour's private chat (chat.e2e needs `member` without one). */
  tourMember: SeededAccount;
}

const DAY = 24 * 60 * 60 * 1000;

export const SEEDED: SeededAccounts = {
  member: { email: 'e2e-member@example.com', username: 'e2emember', name: 'Budi Santoso', password: 'e2e member password' },
  trial: { email: 'e2e-trial@example.com', username: 'e2etrial', name: 'Tari Lestari', password: 'e2e trial password' },
  expired: { email: 'e2e-expired@example.com', username: 'e2eexpired', name: 'Eko Prasetyo', password: 'e2e expired password' },
  tourMember: { email: 'e2e-tour-member@example.com', username: 'e2etourmember', name: 'Sari Wulandari', password: 'e2e tour member password' },
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
    await make(SEEDED.tourMember, { role: 'member', membershipTier: 'expert', duration: 'yearly', membershipEnd: new Date(now + 300 * DAY) });
    await make(SEEDED.trial, { role: 'trial', membershipTier: 'trial', trialExpiresAt: new Date(now + 7 * DAY) });
    await make(SEEDED.expired, { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: new Date(now - DAY) });
  } finally {
    await store.close();
  }
  return SEEDED;
};
