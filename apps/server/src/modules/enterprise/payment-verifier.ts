import { randomInt } from 'node:crypto';

/**
 * How the platform's small verification payment reaches the company's account. The default sends
 * nothing itself: the transfer waits in the operator console (with its amount) until an operator has
 * made it by hand and marks it executed. A bank integration would implement `requestTransfer` and
 * answer `executed: true` only after the bank confirmed it.
 */
export type PaymentVerifier = {
  /** A random amount of ¥0.01–0.99, as a two-decimal string. */
  pickAmount(): string;
  requestTransfer(t: { companyId: number; paymentId: number; accountName: string; bankName: string; accountNumber: string; amount: string }): Promise<{ executed: boolean }>;
};

export const manualPaymentVerifier: PaymentVerifier = {
  pickAmount: () => `0.${String(randomInt(1, 100)).padStart(2, '0')}`,
  requestTransfer: async () => ({ executed: false }),
};

let current: PaymentVerifier = manualPaymentVerifier;

export function paymentVerifier(): PaymentVerifier {
  return current;
}

/** Replaces the verifier (a bank integration at start-up, or a test); returns the previous one. */
export function usePaymentVerifier(v: PaymentVerifier): PaymentVerifier {
  const prev = current;
  current = v;
  return prev;
}
