import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { absoluteLink, MSG_NO_PUBLIC_URL, publicBaseUrl, warnAboutPublicUrl } from './public-url.ts';

describe('links sent to people', () => {
  it('start with PUBLIC_URL, else localhost in development, else nothing in production', () => {
    expect(absoluteLink({ publicUrl: 'https://hr.example.cn', production: true, port: 8080 }, '/login')).toBe('https://hr.example.cn/login');
    expect(publicBaseUrl({ publicUrl: undefined, production: false, port: 8097 })).toBe('http://localhost:8097');
    expect(publicBaseUrl({ publicUrl: undefined, production: true, port: 8080 })).toBeUndefined();
    const refused = (() => {
      try {
        absoluteLink({ publicUrl: undefined, production: true, port: 8080 }, '/m/s/x');
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(MSG_NO_PUBLIC_URL);
  });

  it('warns once at start when PUBLIC_URL is unset, and not when it is set', () => {
    const said: string[] = [];
    const log = { warn: (m: string) => said.push(m) };
    const dev = { publicUrl: undefined, production: false, port: 8080 };
    warnAboutPublicUrl(log, dev);
    warnAboutPublicUrl(log, dev);
    warnAboutPublicUrl(log, { publicUrl: undefined, production: true, port: 8080 });
    warnAboutPublicUrl(log, { publicUrl: 'https://hr.example.cn', production: true, port: 8080 });
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/http:\/\/localhost:8080/);
    expect(said[1]).toMatch(/cannot be sent/);
  });
});
