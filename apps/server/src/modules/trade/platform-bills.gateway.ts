import { badRequest } from '../../platform/errors.ts';

/**
 * Online payment of a platform bill goes through a payment gateway. The default has none connected
 * and says so; a deployment with a gateway sets its adapter at start.
 */
export type PaymentGateway = {
  /** Charges the amount; answers the gateway's transaction reference, or throws when not paid. */
  pay(input: { companyId: number; billNo: string; amount: string }): Promise<{ reference: string }>;
};

const unavailable: PaymentGateway = {
  pay: async () => {
    throw badRequest('暂未开通在线支付，请使用银行转账付款');
  },
};

let gateway: PaymentGateway = unavailable;

export function setPaymentGateway(g: PaymentGateway | null): void {
  gateway = g ?? unavailable;
}

export function paymentGateway(): PaymentGateway {
  return gateway;
}
