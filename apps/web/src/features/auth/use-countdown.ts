import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown.ts';

/** The SMS resend countdown: seconds left, whether a code was ever sent, and `start` on each send. */
export function useCountdown(): [number, boolean, () => void] {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(sentAt, now);
  useEffect(() => {
    if (left <= 0) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [left]);
  return [
    left,
    sentAt !== null,
    () => {
      const t = Date.now();
      setSentAt(t);
      setNow(t);
    },
  ];
}
