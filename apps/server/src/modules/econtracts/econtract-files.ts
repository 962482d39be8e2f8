import { EC_PACKAGE, EC_READ_ANY } from '@wfsaas/contracts';
import { readerHolds, type FileAccessRule } from '../../platform/files/index.ts';

/** A contract's documents (as initiated, as signed, the paper scan): as contract/download serves them. */
export const contractFileRule: FileAccessRule = {
  audited: true,
  allows: (r) => readerHolds(r, ...EC_READ_ANY),
};

/** A template's PDF: as the template screen (合同包管理) shows it. Templates hold no personal data. */
export const contractTemplateFileRule: FileAccessRule = {
  audited: false,
  allows: (r) => readerHolds(r, EC_PACKAGE),
};
