export * from './enterprise/assets.ts';
/** Enterprise settings: the company profile and its certification, login sharing, service configuration. */

export * from './enterprise/profile.ts';
export * from './enterprise/certification.ts';
export * from './enterprise/login-share.ts';
export * from './enterprise/service-config.ts';
