import type { OutgoingSms } from './sms-outbox.repository.ts';

/**
 * Where the SMS worker hands a message over; `name` is stored as the message's `delivered_via`.
 * Another gateway (Twilio, Africa's Talking) is one more implementation of this.
 */
export interface SmsProvider {
  name: string;
  /**
   * Resolves once the provider accepted the message. Rejects with an SmsSendError; any other
   * error is taken as "may have been accepted" and the message is not sent again.
   */
  send(sms: OutgoingSms): Promise<{ providerMessageId: string | null }>;
}

/**
 * A provider's failure. `notAccepted` is true only when the provider surely did not take the
 * message (it could not be reached, or it answered with an error status): only then is the
 * message tried again. A timeout or a dropped connection after the request left is not that.
 */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
  readonly notAccepted: boolean;

  constructor(message: string, notAccepted: boolean, options: { cause?: unknown } = {}) {
    super(message, options);
    this.notAccepted = notAccepted;
  }
}

/**
 * Local mode: delivers nowhere. The message stays in the outbox, readable at /dev/sms, and is
 * marked sent via `inbox`.
 */
export const inboxProvider: SmsProvider = {
  name: 'inbox',
  async send() {
    return { providerMessageId: null };
  },
};

export interface TermiiOptions {
  apiKey: string;
  /** The registered sender id, e.g. `iPatient`. */
  senderId: string;
  /** `dnd` reaches numbers on Do-Not-Disturb; `generic` does not. */
  channel: 'dnd' | 'generic';
  baseUrl: string;
  timeoutMs?: number;
}

/** Errors raised before any byte of the request could have reached the provider. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A short reason from the provider's error answer, never the request (it holds the key). */
function answerReason(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message.trim().slice(0, 300);
  }
  return fallback;
}

/**
 * Termii (https://developers.termii.com): POST {baseUrl}/api/sms/send with the key in the JSON
 * body; the answer carries `message_id`. Numbers go as digits without the plus.
 */
export function createTermiiProvider(options: TermiiOptions): SmsProvider {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'termii',
    async send(sms) {
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}/api/sms/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_key: options.apiKey,
            to: sms.to.replace(/^\+/, ''),
            from: options.senderId,
            sms: sms.text,
            type: 'plain',
            channel: options.channel,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const code = causeCode(error);
        if (code && NOT_CONNECTED.has(code)) {
          throw new SmsSendError(`Termii could not be reached (${code})`, true, { cause: error });
        }
        const what =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer from Termii within ${Math.round(timeoutMs / 1000)} s`
            : `the connection to Termii failed (${code ?? (error instanceof Error ? error.message : String(error))})`;
        throw new SmsSendError(what, false, { cause: error });
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      if (!response.ok) {
        throw new SmsSendError(
          `Termii refused the message: HTTP ${response.status}: ${answerReason(body, response.statusText || 'no reason given')}`,
          true,
        );
      }
      const id =
        body && typeof body === 'object'
          ? (body as { message_id?: unknown }).message_id
          : undefined;
      return {
        providerMessageId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
      };
    },
  };
}
