/**
 * An enhancement function as the text of an inline script that calls it (rendered by
 * components/inline-script.tsx). The function is serialised with toString(), so it must be
 * self-contained: no imports, no outer variables. Its argument is JSON with `<` escaped, so no
 * text in it can close the script element early.
 */
export function inlineCall<T>(fn: (options: T) => void, options: T): string {
  return `(${fn.toString()})(${JSON.stringify(options).replace(/</g, '\\u003c')});`;
}
