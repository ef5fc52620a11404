import { useEffect, useState } from 'react';

/**
 * Whole seconds left of a countdown from `seconds`, restarted whenever `restartKey` changes.
 * The server renders the first value, so the page shows the same number before hydration.
 */
export function useCountdown(seconds: number, restartKey: string): number {
  const [remaining, setRemaining] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey is the point, a new answer starts the count again
  useEffect(() => {
    setRemaining(seconds);
    if (seconds <= 0) return;
    const end = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return remaining;
}
