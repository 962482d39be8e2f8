import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { PersonalDataCipher } from './crypto.ts';
import type { Database } from './db.ts';

/** What every module receives: configuration and the platform's shared pieces. */
export type AppServices = {
  config: Config;
  database: Database;
  cipher: PersonalDataCipher;
  hashToken: (token: string) => string;
  log: FastifyBaseLogger;
};
