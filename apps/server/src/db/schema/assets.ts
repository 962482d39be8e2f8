import { bigint, boolean, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** 资产分类 of a company (电脑, 手机, 工牌 …); status 1 启用, 0 停用. */
export const assetCategories = pgTable(
  'asset_categories',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('asset_categories_name_uq').on(t.companyId, t.name), tenantPolicy('asset_categories')],
);

/**
 * A company asset. status: 1 在库, 2 已领用, 3 维修中, 4 已报废 (docs/assets.md); the holder is set
 * only while 已领用. Value is money (numeric(14,2)).
 */
export const assets = pgTable(
  'assets',
  {
    companyId: companyId(),
    id: idColumn(),
    assetNo: text('asset_no').notNull(),
    name: text('name').notNull(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    brandModel: text('brand_model').notNull().default(''),
    serialNo: text('serial_no').notNull().default(''),
    value: numeric('value', { precision: 14, scale: 2 }).notNull().default('0'),
    purchaseDate: text('purchase_date'),
    location: text('location').notNull().default(''),
    remark: text('remark').notNull().default(''),
    status: smallint('status').notNull().default(1),
    holderEmployeeId: bigint('holder_employee_id', { mode: 'number' }),
    issuedOn: text('issued_on'),
    expectedReturnOn: text('expected_return_on'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('assets_no_uq').on(t.companyId, t.assetNo),
    index('assets_status_idx').on(t.companyId, t.status),
    index('assets_holder_idx').on(t.companyId, t.holderEmployeeId),
    tenantPolicy('assets'),
  ],
);

/** Every event of an asset: who did what, when, to whom (the employee it was issued to or returned by). */
export const assetEvents = pgTable(
  'asset_events',
  {
    companyId: companyId(),
    id: idColumn(),
    assetId: bigint('asset_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }),
    day: text('day'),
    note: text('note').notNull().default(''),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('asset_events_asset_idx').on(t.companyId, t.assetId), tenantPolicy('asset_events')],
);

/** The asset centre's company settings; no row means the defaults. */
export const assetSettings = pgTable(
  'asset_settings',
  {
    companyId: companyId().primaryKey(),
    /** 有未归还资产时不能完成离职 (off: a warning only). */
    blockQuit: boolean('block_quit').notNull().default(true),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [tenantPolicy('asset_settings')],
);
