import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgPolicy, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClientPost, CustodyField, PlacementTerms } from '@wfsaas/contracts';
import { appRole, companyId, currentCompany, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 8, scale: 6 });
const day = (name: string) => date(name, { mode: 'string' });

/** 方案: what a client pays per worker and month, and what its workers use (docs/outsourcing.md). */
export const osPlans = pgTable(
  'os_plans',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    /** 'perHead' or 'percent' */
    feeKind: text('fee_kind').notNull(),
    feeAmount: money('fee_amount'),
    feeRate: rate('fee_rate'),
    /** 'general' (6 % on the whole) or 'simplified' (5 % on the service fee) */
    vatKind: text('vat_kind').notNull(),
    salaryGroupId: bigint('salary_group_id', { mode: 'number' }),
    siEntityId: bigint('si_entity_id', { mode: 'number' }),
    contractPackageId: bigint('contract_package_id', { mode: 'number' }),
    remark: text('remark').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('os_plans_name_uq').on(t.companyId, t.name).where(sql`archived_at is null`),
    tenantPolicy('os_plans'),
  ],
);

/** 用工单位: a client of the provider company with its agreement. kind: 1 劳务派遣, 2 业务外包, 3 灵活用工. */
export const osClients = pgTable(
  'os_clients',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    creditCode: text('credit_code').notNull().default(''),
    kind: smallint('kind').notNull(),
    agreementStart: day('agreement_start').notNull(),
    agreementEnd: day('agreement_end').notNull(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    /** The client's own employees under labour contracts (for the dispatch ratio). */
    headcount: integer('headcount').notNull().default(0),
    posts: jsonb('posts').$type<ClientPost[]>().notNull().default([]),
    contactName: text('contact_name').notNull().default(''),
    contactPhoneEnc: text('contact_phone_enc'),
    remark: text('remark').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('os_clients_name_uq').on(t.companyId, t.name).where(sql`archived_at is null`),
    tenantPolicy('os_clients'),
  ],
);

/**
 * 补岗单: a client's order to fill a post. status: 1 待接单, 2 招聘中, 3 部分到岗, 4 已完成, 5 已取消.
 * approval: 0 none, 1 waiting for the client, 2 approved, 3 rejected (joint custody).
 */
export const osOrders = pgTable(
  'os_orders',
  {
    companyId: companyId(),
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    post: text('post').notNull(),
    headcount: integer('headcount').notNull(),
    pay: money('pay').notNull(),
    startDate: day('start_date').notNull(),
    requirements: text('requirements').notNull().default(''),
    status: smallint('status').notNull().default(1),
    approval: smallint('approval').notNull().default(0),
    /** 'provider' or 'client' */
    raisedBy: text('raised_by').notNull().default('provider'),
    cancelReason: text('cancel_reason'),
    /** [{ at, by, action }] — who did what, newest last. */
    history: jsonb('history').$type<{ at: string; by: string; action: string }[]>().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('os_orders_no_uq').on(t.companyId, t.orderNo),
    index('os_orders_client_idx').on(t.companyId, t.clientId, t.status),
    tenantPolicy('os_orders'),
  ],
);

/** 退工单: a client returns named workers. status: 1 待处理, 2 处理中, 3 已完成, 4 已取消; approval as orders. */
export const osDismissals = pgTable(
  'os_dismissals',
  {
    companyId: companyId(),
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    lastDay: day('last_day').notNull(),
    status: smallint('status').notNull().default(1),
    approval: smallint('approval').notNull().default(0),
    raisedBy: text('raised_by').notNull().default('provider'),
    cancelReason: text('cancel_reason'),
    history: jsonb('history').$type<{ at: string; by: string; action: string }[]>().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('os_dismissals_no_uq').on(t.companyId, t.orderNo),
    index('os_dismissals_client_idx').on(t.companyId, t.clientId, t.status),
    tenantPolicy('os_dismissals'),
  ],
);

/** One returned worker of a dismissal and what the provider did: 'replace' or 'resign'. */
export const osDismissalLines = pgTable(
  'os_dismissal_lines',
  {
    companyId: companyId(),
    dismissalId: bigint('dismissal_id', { mode: 'number' }).notNull(),
    placementId: bigint('placement_id', { mode: 'number' }).notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    outcome: text('outcome'),
    newPlacementId: bigint('new_placement_id', { mode: 'number' }),
    handledAt: ts('handled_at'),
    handledBy: bigint('handled_by', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dismissalId, t.placementId] }), tenantPolicy('os_dismissal_lines')],
);

/**
 * A worker's placement at a client (派驻). status: 1 待入职, 2 在岗, 3 待离岗, 4 已离岗, 5 已放弃.
 * kind copies the client's at placement; an employee has at most one pending, active or leaving placement.
 */
export const osPlacements = pgTable(
  'os_placements',
  {
    companyId: companyId(),
    id: idColumn(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    kind: smallint('kind').notNull(),
    post: text('post').notNull(),
    postKind: text('post_kind'),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    leftDate: day('left_date'),
    status: smallint('status').notNull().default(1),
    /** 'dismiss', 'resign' or 'replace' */
    leaveSource: text('leave_source'),
    leaveReason: text('leave_reason'),
    signContract: boolean('sign_contract').notNull().default(true),
    contractIds: jsonb('contract_ids').$type<number[]>().notNull().default([]),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('os_placements_current_uq').on(t.companyId, t.employeeId).where(sql`status in (1, 2, 3)`),
    index('os_placements_client_idx').on(t.companyId, t.clientId, t.status),
    index('os_placements_order_idx').on(t.companyId, t.orderId),
    tenantPolicy('os_placements'),
  ],
);

/**
 * Joint custody (共管) of one client: a platform row, not a tenant one — the provider writes it and the
 * client company reads it, so its policy admits both sides.
 */
export const osCustodyLinks = pgTable(
  'os_custody_links',
  {
    providerCompanyId: bigint('provider_company_id', { mode: 'number' }).notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    clientCompanyId: bigint('client_company_id', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    fields: jsonb('fields').$type<CustodyField[]>().notNull().default([]),
    payVisible: boolean('pay_visible').notNull().default(false),
    approveOrders: boolean('approve_orders').notNull().default(false),
    approveDismissals: boolean('approve_dismissals').notNull().default(false),
    confirmBills: boolean('confirm_bills').notNull().default(true),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.providerCompanyId, t.clientId] }),
    index('os_custody_links_client_idx').on(t.clientCompanyId),
    pgPolicy('os_custody_links_sides', {
      as: 'permissive',
      for: 'all',
      to: appRole,
      using: sql`provider_company_id = ${currentCompany} or client_company_id = ${currentCompany}`,
      withCheck: sql`provider_company_id = ${currentCompany}`,
    }),
  ],
);

/** A self-onboarding invitation (邀请入职) made for a placement, with the terms its registrations are placed on. */
export const osInvites = pgTable(
  'os_invites',
  {
    companyId: companyId(),
    inviteId: bigint('invite_id', { mode: 'number' }).notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    terms: jsonb('terms').$type<PlacementTerms>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.inviteId] }), tenantPolicy('os_invites')],
);
