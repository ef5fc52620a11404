/** A provider webhook's body whose signature was checked: `{ event, data }`. */
export interface PaymentEvent {
  event?: unknown;
  data?: Record<string, unknown>;
}

export type PaymentEventHandler = (event: string, data: Record<string, unknown>) => Promise<void>;

/**
 * The provider sends every event to one webhook. Each feature handles the events of its kind:
 * donations `charge.*`, payouts `transfer.*`, refunds `refund.*`. An event nobody handles is
 * logged and acknowledged (the provider would otherwise retry it for days).
 */
export class PaymentEvents {
  readonly #handlers = new Map<string, PaymentEventHandler>();
  readonly #log: (message: string, detail: Record<string, unknown>) => void;

  constructor(log: (message: string, detail: Record<string, unknown>) => void) {
    this.#log = log;
  }

  /** Handles every event `<kind>.…` (`charge`, `transfer`, `refund`); one handler per kind. */
  on(kind: string, handler: PaymentEventHandler): void {
    if (this.#handlers.has(kind)) throw new Error(`payment events of kind ${kind} already handled`);
    this.#handlers.set(kind, handler);
  }

  async dispatch(payload: PaymentEvent): Promise<void> {
    const event = payload.event;
    const data = payload.data;
    if (typeof event !== 'string' || typeof data !== 'object' || data === null) {
      this.#log('payment webhook ignored', { event: String(event) });
      return;
    }
    const handler = this.#handlers.get(event.split('.')[0] ?? '');
    if (!handler) {
      this.#log('payment webhook ignored', { event });
      return;
    }
    await handler(event, data);
  }
}
