import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when a URL is configured; otherwise one JSON line per mail in the outbox file. */
export const createMailer = (options: { smtpUrl: string | null; from: string; outbox: string }): Mailer => {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // nodemailer is loaded with the first mail, not at every start of a server that may send none.
    let transport: Promise<{ sendMail(mail: Mail & { from: string }): Promise<unknown> }> | null = null;
    return {
      async send(mail) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      // The outbox holds live codes: readable by the product's own user only.
      await mkdir(path.dirname(options.outbox), { recursive: true, mode: 0o700 });
      const line = JSON.stringify({ ...mail, sentAt: new Date().toISOString() });
      await appendFile(options.outbox, `${line}\n`, { encoding: 'utf8', mode: 0o600 });
    },
  };
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail that carries a one-time code, in English and Indonesian. */
export const codeMail = (to: string, name: string, code: string, purpose: 'verify' | 'reset' | 'email-change'): Mail => {
  const subject =
    purpose === 'verify'
      ? `Lukis Emas: your verification code ${code}`
      : purpose === 'reset'
        ? `Lukis Emas: your password reset code ${code}`
        : `Lukis Emas: confirm your new email address, code ${code}`;
  const action =
    purpose === 'verify' ? 'verify your email address' : purpose === 'reset' ? 'reset your password' : 'confirm this new email address';
  const aksi =
    purpose === 'verify'
      ? 'memverifikasi email Anda'
      : purpose === 'reset'
        ? 'mengatur ulang kata sandi Anda'
        : 'mengonfirmasi alamat email baru ini';
  const text = [
    `Hi ${name},`,
    '',
    `Your code to ${action} is: ${code}`,
    'It expires in 10 minutes and works once. If you did not ask for it, ignore this mail.',
    '',
    `Kode untuk ${aksi}: ${code}`,
    'Kode berlaku 10 menit dan hanya sekali pakai.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(name)},</p><p>Your code to ${action} is: <strong style="font-size:20px;letter-spacing:4px">${code}</strong></p><p>It expires in 10 minutes and works once. If you did not ask for it, ignore this mail.</p><p>Kode untuk ${aksi}: <strong>${code}</strong>. Kode berlaku 10 menit dan hanya sekali pakai.</p>`;
  return { to, subject, text, html };
};
