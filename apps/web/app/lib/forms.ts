/**
 * What a form's action answers when it does not redirect: the API's message (toast and
 * alert), per-field errors, and what was typed, so a page rendered by the server (no
 * JavaScript) shows the form as it was sent.
 */
export interface ActionResult {
  ok: boolean;
  /** Which form of the page was sent. */
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  /** Seconds until the API accepts the same request again (429). */
  retryAfter?: number | undefined;
  /** New for every answer, so a repeated message still shows a new toast. */
  toastId: string;
}

/** The result when it belongs to `intent` (pages with several forms). */
export function resultFor<T extends Pick<ActionResult, 'intent'>>(
  result: T | undefined,
  intent: string,
): T | undefined {
  return result?.intent === intent ? result : undefined;
}
