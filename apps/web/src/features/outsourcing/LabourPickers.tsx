import type { ClientView, OrderRow, PlanView } from '@wfsaas/contracts';
import { Select, Tag } from 'antd';
import { useMemo } from 'react';
import { formatDate } from '../../app/ui/format.ts';
import { openOrdersOf } from './labour-form.ts';
import { clientKindLabel, postKindColor, postKindLabel } from './labour-format.ts';
import { useLabourClients, useLabourPlans, useOrderPage } from './os-labour.api.ts';

type Common<T> = { value?: T | null; onChange?: (v: T | null) => void; id?: string; placeholder?: string; allowClear?: boolean; disabled?: boolean };

/** A client (用工单位) of the provider; `onPick` hears the chosen client itself. */
export function LabourClientSelect({ value, onChange, id, placeholder = '请选择用工单位', allowClear = true, disabled, onPick, kinds }: Common<number> & { onPick?: (c: ClientView | null) => void; kinds?: readonly number[] }) {
  const clients = useLabourClients();
  const shown = (clients.data ?? []).filter((c) => !kinds || kinds.includes(c.kind));
  return (
    <Select
      id={id}
      value={value ?? undefined}
      allowClear={allowClear}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      loading={clients.isLoading}
      notFoundContent="暂无用工单位，请先在外包看板中添加"
      options={shown.map((c) => ({ value: c.id, label: c.name, kind: c.kind }))}
      optionRender={(o) => (
        <span>
          {o.label} <span style={{ color: 'rgba(0,0,0,0.45)' }}>· {clientKindLabel(o.data.kind as number)}</span>
        </span>
      )}
      onChange={(v: number | undefined) => {
        onChange?.(v ?? null);
        onPick?.(shown.find((c) => c.id === v) ?? null);
      }}
      className="labour-client-select"
    />
  );
}

/** The client of an id, from the cached client list. */
export function useLabourClient(clientId: number | null | undefined): ClientView | null {
  const clients = useLabourClients();
  return useMemo(() => (clientId ? (clients.data ?? []).find((c) => c.id === clientId) ?? null : null), [clients.data, clientId]);
}

export function LabourPlanSelect({ value, onChange, id, placeholder = '请选择方案', allowClear = true, disabled }: Common<number>) {
  const plans = useLabourPlans();
  return (
    <Select
      id={id}
      value={value ?? undefined}
      allowClear={allowClear}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder}
      loading={plans.isLoading}
      notFoundContent="暂无方案，请先在方案管理中添加"
      options={(plans.data ?? []).map((p: PlanView) => ({ value: p.id, label: p.name }))}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      className="labour-plan-select"
    />
  );
}

/** One of the client's posts, with its kind (临时性/辅助性/替代性/主营岗位). */
export function LabourPostSelect({ client, value, onChange, id, placeholder = '请选择岗位', disabled }: Common<string> & { client: ClientView | null }) {
  return (
    <Select
      id={id}
      value={value ?? undefined}
      allowClear
      disabled={disabled}
      placeholder={client ? placeholder : '请先选择用工单位'}
      notFoundContent={client ? '该用工单位未登记岗位' : '请先选择用工单位'}
      options={(client?.posts ?? []).map((p) => ({ value: p.name, label: p.name, kind: p.kind }))}
      optionRender={(o) => (
        <span>
          {o.label} <Tag color={postKindColor(o.data.kind as string)}>{postKindLabel(o.data.kind as string)}</Tag>
        </span>
      )}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      className="labour-post-select"
    />
  );
}

/** An order of the client still recruiting (招聘中 / 部分到岗); `onPick` hears the chosen order. */
export function LabourOrderSelect({ clientId, value, onChange, id, disabled, onPick }: Common<number> & { clientId: number | null | undefined; onPick?: (o: OrderRow | null) => void }) {
  const page = useOrderPage({ pageNum: 1, pageSize: 100, ...(clientId ? { clientId } : {}) }, !!clientId);
  const orders = openOrdersOf(page.data?.data ?? [], clientId);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      allowClear
      disabled={disabled || !clientId}
      placeholder={clientId ? '选填，按补岗工单入职' : '请先选择用工单位'}
      loading={page.isFetching}
      notFoundContent="该用工单位暂无招聘中的补岗工单"
      options={orders.map((o) => ({ value: o.id, label: `${o.orderNo} · ${o.post}（${o.filled}/${o.headcount}）· 期望到岗 ${formatDate(o.startDate)}` }))}
      onChange={(v: number | undefined) => {
        onChange?.(v ?? null);
        onPick?.(orders.find((o) => o.id === v) ?? null);
      }}
      className="labour-order-select"
    />
  );
}
