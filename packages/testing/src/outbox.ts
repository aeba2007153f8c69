import { readFile } from 'node:fs/promises';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export const readOutbox = async (file: string): Promise<OutboxMail[]> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxMail);
};

/**
 * The 6-digit code of the newest mail to `to` (case-insensitive), optionally only among mails whose
 * subject matches; throws when there is none.
 */
export const latestCode = async (file: string, to: string, subject?: RegExp): Promise<string> => {
  const mails = (await readOutbox(file)).filter(
    (mail) => mail.to.toLowerCase() === to.toLowerCase() && (subject === undefined || subject.test(mail.subject)),
  );
  const code = mails.at(-1)?.subject.match(/(\d{6})\s*$/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
};

/**
 * `latestCode` once the mail is there: the mailer writes after the answer, so a test that acts on
 * the answer polls the outbox (every 50 ms, 5 s at most). `unlike` skips a code read before, for a
 * second mail of the same kind.
 */
export const waitForCode = async (file: string, to: string, options: { subject?: RegExp; unlike?: string } = {}): Promise<string> => {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const code = await latestCode(file, to, options.subject).catch(() => '');
    if (code && code !== options.unlike) return code;
    if (Date.now() > deadline) throw new Error(`no ${options.unlike ? 'new ' : ''}code mailed to ${to} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
