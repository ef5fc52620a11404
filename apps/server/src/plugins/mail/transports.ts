import { createTransport } from 'nodemailer';
import type { OutgoingEmail } from './outbox.repository.ts';

/** Where the worker hands messages over; `name` is stored as the message's `deliveredVia`. */
export interface MailTransport {
  name: string;
  /** Resolves once the message was accepted; rejects to have it retried later. */
  send(email: OutgoingEmail, from: string): Promise<void>;
  close?(): void;
}

/** Without timeouts a dead mail server would hold a worker batch for minutes. */
const SMTP_TIMEOUT_MS = 10_000;

/** Real delivery over SMTP (`smtp://user:pass@host:587` or `smtps://…:465`). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    dnsTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    name: 'smtp',
    async send(email, from) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.listUnsubscribe
          ? {
              list: { unsubscribe: email.listUnsubscribe },
              // One click in the mail app stops them: it POSTs to that address (RFC 8058).
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Local mode without SMTP: delivers nowhere. The message stays in the outbox, readable at
 * /dev/mailbox, and is marked delivered via 'mailbox'.
 */
export const mailboxTransport: MailTransport = {
  name: 'mailbox',
  async send() {},
};
