import type { Config } from '../../config.ts';
import { badRequest } from '../errors.ts';

/**
 * Links sent to people (SMS, email) are absolute, starting with PUBLIC_URL. Without it, development
 * falls back to http://localhost:PORT; production sends no link: the sends whose point is a link
 * (payslips, contract signing) are refused with MSG_NO_PUBLIC_URL, and the rest go out without one.
 */

export const MSG_NO_PUBLIC_URL = '未配置对外访问地址（PUBLIC_URL），无法发送链接，请联系管理员';

type LinkConfig = Pick<Config, 'publicUrl' | 'production' | 'port'>;

/** The origin links start with, or undefined in production without PUBLIC_URL. */
export function publicBaseUrl(config: LinkConfig): string | undefined {
  if (config.publicUrl) return config.publicUrl;
  return config.production ? undefined : `http://localhost:${config.port}`;
}

/** Refuses a send action (nothing written) when no link can be made. */
export function requirePublicBaseUrl(config: LinkConfig): string {
  const base = publicBaseUrl(config);
  if (!base) throw badRequest(MSG_NO_PUBLIC_URL);
  return base;
}

/** `path` (starting with /) as an absolute link; refuses like requirePublicBaseUrl. */
export function absoluteLink(config: LinkConfig, path: string): string {
  return `${requirePublicBaseUrl(config)}${path}`;
}

/** The start-up warning when PUBLIC_URL is unset; undefined when it is set. */
export function publicUrlWarning(config: LinkConfig): string | undefined {
  if (config.publicUrl) return undefined;
  return config.production
    ? 'PUBLIC_URL is not set: links cannot be sent (payslips and contract signing by SMS or email are refused) until it names the address employees reach, e.g. https://hr.example.com'
    : `PUBLIC_URL is not set: links sent by SMS and email start with http://localhost:${config.port}, which no phone can open; set it to the address employees reach`;
}

const warned = new WeakSet<object>();

/** Logs publicUrlWarning once per configuration (the server and its background work share one). */
export function warnAboutPublicUrl(log: { warn(msg: string): void }, config: LinkConfig): void {
  const warning = publicUrlWarning(config);
  if (!warning || warned.has(config)) return;
  warned.add(config);
  log.warn(warning);
}
