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
export const forbidden = (message: string) => new AppError(CODES.forbidden, message, 403);
export const unauthorized = (message: string) => new AppError(CODES.unauthorized, message, 401);
