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
export declare const createMailer: (options: {
    smtpUrl: string | null;
    from: string;
    outbox: string;
}) => Mailer;
/** The mail that carries a one-time code, in English and Indonesian. */
export declare const codeMail: (to: string, name: string, code: string, purpose: "verify" | "reset" | "email-change") => Mail;
