import { CODES } from '@wfsaas/contracts';

/** The one error type services throw. `code` goes in the envelope; `httpStatus` on the wire. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(CODES.badRequest, message);
export const notFound = (what: string) => new AppError(CODES.notFound, `${what}不存在`);
export const conflict = (message: string) => new AppError(CODES.conflict, message);
/** A business refusal the user should read (HTTP 200, code 403): the web shows the message. */
export const forbidden = (message: string) => new AppError(CODES.forbidden, message);
/** The access gate: not a member of the company, or the endpoint's permission missing (HTTP 403). */
export const accessDenied = (message: string) => new AppError(CODES.forbidden, message, 403);
export const unauthorized = (message: string) => new AppError(CODES.unauthorized, message, 401);
