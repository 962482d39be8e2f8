import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The operator console's duties, one tab each; each panel is its area's own component. */
export type OperatorPanel = { key: string; label: string; Panel: LazyExoticComponent<ComponentType> };

export const OPERATOR_PANELS: readonly OperatorPanel[] = [
  { key: 'certifications', label: '企业认证', Panel: lazy(() => import('../enterprise/operator/CertificationReviewPanel.tsx')) },
  { key: 'payments', label: '账单与转账', Panel: lazy(() => import('../trade/bills/operator/PaymentConfirmPanel.tsx')) },
  { key: 'deposits', label: '充值确认', Panel: lazy(() => import('../trade/custody/operator/DepositConfirmPanel.tsx')) },
  { key: 'invoices', label: '发票开具', Panel: lazy(() => import('../trade/invoices/operator/InvoiceIssuePanel.tsx')) },
  { key: 'workOrders', label: '工单处理', Panel: lazy(() => import('../support/work-orders/operator/WorkOrderPanel.tsx')) },
  { key: 'help', label: '帮助中心', Panel: lazy(() => import('../support/help/operator/HelpCentrePanel.tsx')) },
  { key: 'leads', label: '客户线索', Panel: lazy(() => import('../support/leads/operator/LeadsPanel.tsx')) },
];
