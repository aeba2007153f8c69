import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { DuplicateKeyError, newUserRecord, type Store } from '../store';

/**
 * A store without an admin gets one at start (contract §2): the configured one, or
 * admin@localhost with a random password printed once.
 */
export const ensureAdmin = async (
  store: Store,
  admin: { email: string | null; password: string | null },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> => {
  if (await store.users.findAnyAdmin()) return;
  const email = admin.email ?? 'admin@localhost';
  const password = admin.password ?? randomBytes(12).toString('base64url');
  try {
    await store.users.create(
      newUserRecord({
        _id: newId(),
        name: 'Administrator',
        username: 'admin',
        email,
        passwordHash: await hashPassword(password),
        emailVerified: true,
        role: 'admin',
        membershipTier: 'admin',
      }),
    );
  } catch (error) {
    if (error instanceof DuplicateKeyError) {
      // Another process made it first, or a member holds that email or username.
      if (await store.users.findAnyAdmin()) return;
      log.warn(`could not create the admin ${email}: its email or the username "admin" is taken by a non-admin`);
      return;
    }
    throw error;
  }
  if (admin.password) log.info(`created the admin account ${email}`);
  // Printed once, on purpose: there is no other way to learn it.
  else process.stdout.write(`\nCreated the admin account ${email} with password: ${password}\nChange it after signing in.\n\n`);
};
