/**
 * The hero's play/pause button (`[data-wave-toggle]` inside `[data-wave]`), sent inline after the
 * hero so it works on pages that load no JavaScript bundle (ADR 005). Without it the button stays
 * hidden and the animation simply runs (or stays still when reduced motion is asked for, by CSS).
 *
 * It must stay self-contained: it is serialised with toString(), so it may not use imports or
 * outer variables.
 */
export function enhanceWaves(): void {
  const doc = document;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const set = (wave: Element, paused: boolean) => {
    wave.setAttribute('data-state', paused ? 'paused' : 'playing');
    const button = wave.querySelector<HTMLButtonElement>('[data-wave-toggle]');
    if (button) button.setAttribute('aria-pressed', paused ? 'true' : 'false');
  };
  for (const wave of doc.querySelectorAll('[data-wave]')) {
    set(wave, reduced);
    const button = wave.querySelector<HTMLButtonElement>('[data-wave-toggle]');
    if (button) button.hidden = false;
  }
  const flag = '__ipatientWave';
  const holder = window as unknown as Record<string, boolean>;
  if (holder[flag]) return;
  holder[flag] = true;
  doc.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('[data-wave-toggle]');
    const wave = button?.closest('[data-wave]');
    if (!wave) return;
    set(wave, wave.getAttribute('data-state') !== 'paused');
  });
}

/** The enhancement as an inline script. */
export function waveScript(): string {
  return `(${enhanceWaves.toString()})();`;
}
