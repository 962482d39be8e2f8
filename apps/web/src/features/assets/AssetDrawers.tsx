import { ASSET_EDIT, type AssetCategoryView, type AssetSave, type AssetView } from '@wfsaas/contracts';
import { App, Button, Descriptions, Drawer, Empty, Flex, Form, Input, List, Space, Spin, Switch, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDate, formatDateTime, formatMoney } from '../../app/ui/format.ts';
import { FormDrawer, FormModal } from '../../app/ui/FormOverlay.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { DateText, EmployeePicker } from '../employees/pickers.tsx';
import { assetStatusLabel, assetStatusTone, type AssetMove } from './asset-format.ts';
import { assetCalls, useAssetCategories, useAssetDetail, useAssetSettings, useInvalidateAssets } from './assets.api.ts';

const today = () => dayjs().format('YYYY-MM-DD');
const MONEY_RULE = { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: '请输入不小于0的金额，最多两位小数' };
const NO_RULE = { pattern: /^[A-Za-z0-9._-]+$/, message: '资产编号只能包含字母、数字和 - _ .' };

type AssetValues = Omit<AssetSave, 'id'>;

/** 新增资产 / 编辑资产. */
export function AssetFormDrawer({ editing, categories, onClose }: { editing: AssetView | 'new' | null; categories: AssetCategoryView[]; onClose: () => void }) {
  const [form] = Form.useForm<AssetValues>();
  const invalidate = useInvalidateAssets();
  const save = useAction((v: AssetValues) => assetCalls.save({ ...v, id: editing !== 'new' && editing ? editing.id : undefined }), { success: '保存成功', invalidate, onSuccess: onClose });
  const generate = useAction(assetCalls.nextNo, { onSuccess: (r) => form.setFieldValue('assetNo', r.assetNo) });
  const current = editing !== 'new' && editing ? editing : null;
  const values: Partial<AssetValues> = current
    ? { assetNo: current.assetNo, name: current.name, categoryId: current.categoryId, brandModel: current.brandModel, serialNo: current.serialNo, value: current.value, purchaseDate: current.purchaseDate, location: current.location, remark: current.remark }
    : { value: '0', purchaseDate: today() };
  const options = categories.filter((c) => c.status === 1 || c.id === current?.categoryId).map((c) => ({ value: c.id, label: c.name }));
  return (
    <FormDrawer<AssetValues> title={current ? '编辑资产' : '新增资产'} open={editing !== null} onClose={onClose} onSubmit={(v) => save.run(v)} form={form} values={values} okClassName="asset-save" width={520}>
      <Form.Item label="资产编号" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="assetNo" noStyle rules={[{ required: true, message: '请输入资产编号' }, NO_RULE]}>
            <Input maxLength={40} placeholder="如 MBP-0012" />
          </Form.Item>
          <Button onClick={() => void generate.run()} loading={generate.pending} className="asset-generate-no">
            自动生成
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="name" label="资产名称" rules={[{ required: true, message: '请输入资产名称' }]}>
        <Input maxLength={60} placeholder="如 笔记本电脑" />
      </Form.Item>
      <Form.Item name="categoryId" label="资产分类" rules={[{ required: true, message: '请选择资产分类' }]}>
        <SelectCategory options={options} />
      </Form.Item>
      <Form.Item name="brandModel" label="品牌型号">
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="serialNo" label="序列号">
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="value" label="资产价值（元）" rules={[MONEY_RULE]}>
        <Input maxLength={15} prefix="¥" />
      </Form.Item>
      <Form.Item name="purchaseDate" label="购入日期">
        <DateText />
      </Form.Item>
      <Form.Item name="location" label="存放地点">
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={200} rows={3} showCount />
      </Form.Item>
    </FormDrawer>
  );
}

function SelectCategory({ value, onChange, options, id }: { value?: number; onChange?: (v: number) => void; options: { value: number; label: string }[]; id?: string }) {
  return (
    <Flex wrap gap={8} id={id}>
      {options.map((o) => (
        <Tag.CheckableTag key={o.value} checked={value === o.value} onChange={() => onChange?.(o.value)} style={{ border: '1px solid #d9d9d9', padding: '2px 10px' }}>
          {o.label}
        </Tag.CheckableTag>
      ))}
    </Flex>
  );
}

type MoveValues = { employeeId?: number; day: string; expectedReturnOn?: string | null; note?: string; condition?: string; reason?: string };
const MOVE_DONE: Record<Exclude<AssetMove, 'edit'>, string> = { issue: '领用成功', return: '归还成功', repair: '已送修', repaired: '已登记修好', scrap: '已报废' };
const MOVE_TITLE: Record<Exclude<AssetMove, 'edit'>, string> = { issue: '领用资产', return: '归还资产', repair: '送修', repaired: '登记修好', scrap: '报废资产' };

/** 领用 / 归还 / 送修 / 修好 / 报废 of one asset. */
export function AssetMoveModal({ moving, onClose }: { moving: { asset: AssetView; move: Exclude<AssetMove, 'edit'> } | null; onClose: () => void }) {
  const invalidate = useInvalidateAssets();
  const run = useAction(
    (v: MoveValues) => {
      const { asset, move } = moving!;
      const id = asset.id;
      if (move === 'issue') return assetCalls.issue({ id, employeeId: v.employeeId!, day: v.day, expectedReturnOn: v.expectedReturnOn ?? null, note: v.note ?? '' });
      if (move === 'return') return assetCalls.giveBack({ id, day: v.day, condition: v.condition ?? '' });
      if (move === 'scrap') return assetCalls.scrap({ id, day: v.day, reason: v.reason ?? '' });
      return assetCalls[move]({ id, day: v.day, note: v.note ?? '' });
    },
    { success: () => `${MOVE_DONE[moving?.move ?? 'issue']}`, invalidate, onSuccess: onClose },
  );
  if (!moving) return null;
  const { asset, move } = moving;
  return (
    <FormModal<MoveValues>
      title={`${MOVE_TITLE[move]} · ${asset.assetNo} ${asset.name}`}
      open
      onClose={onClose}
      onSubmit={(v) => run.run(v)}
      values={{ day: today(), condition: move === 'return' ? '完好' : undefined }}
      okDanger={move === 'scrap'}
      okClassName="asset-move-ok"
      intro={move === 'scrap' ? <p style={{ color: '#cf1322' }}>报废后资产不能再领用、维修或恢复。</p> : move === 'return' && asset.holderName ? <p>领用人：{asset.holderName}，领用日期 {formatDate(asset.issuedOn)}</p> : undefined}
    >
      {move === 'issue' && (
        <Form.Item name="employeeId" label="领用人" rules={[{ required: true, message: '请选择领用人' }]}>
          <EmployeePicker query={{ status: [1, 2] }} placeholder="输入在职员工姓名、工号或手机号搜索" />
        </Form.Item>
      )}
      <Form.Item name="day" label={move === 'issue' ? '领用日期' : move === 'return' ? '归还日期' : move === 'scrap' ? '报废日期' : '日期'} rules={[{ required: true, message: '请选择日期' }]}>
        <DateText />
      </Form.Item>
      {move === 'issue' && (
        <Form.Item name="expectedReturnOn" label="预计归还日期（选填）">
          <DateText />
        </Form.Item>
      )}
      {move === 'return' && (
        <Form.Item name="condition" label="归还状况" rules={[{ required: true, message: '请填写归还状况' }]}>
          <Input maxLength={100} placeholder="如 完好 / 屏幕有划痕" />
        </Form.Item>
      )}
      {move === 'scrap' && (
        <Form.Item name="reason" label="报废原因" rules={[{ required: true, message: '请填写报废原因' }]}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      )}
      {(move === 'issue' || move === 'repair' || move === 'repaired') && (
        <Form.Item name="note" label="说明">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      )}
    </FormModal>
  );
}

/** One asset with its whole history, newest first. */
export function AssetHistoryDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useAssetDetail(id);
  const a = detail.data;
  return (
    <Drawer title={a ? `${a.assetNo} ${a.name}` : '资产记录'} open={id !== null} onClose={onClose} size={560} className="asset-history-drawer" destroyOnHidden>
      {!a ? (
        <Spin />
      ) : (
        <Flex vertical gap={24}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="状态">
              <StatusTag tone={assetStatusTone(a.status)}>{assetStatusLabel(a.status)}</StatusTag>
            </Descriptions.Item>
            <Descriptions.Item label="分类">{a.categoryName}</Descriptions.Item>
            <Descriptions.Item label="品牌型号">{a.brandModel || EMPTY_TEXT}</Descriptions.Item>
            <Descriptions.Item label="序列号">{a.serialNo || EMPTY_TEXT}</Descriptions.Item>
            <Descriptions.Item label="价值">{formatMoney(a.value)}</Descriptions.Item>
            <Descriptions.Item label="购入日期">{formatDate(a.purchaseDate)}</Descriptions.Item>
            <Descriptions.Item label="领用人">{a.holderName ?? EMPTY_TEXT}</Descriptions.Item>
            <Descriptions.Item label="预计归还">{formatDate(a.expectedReturnOn)}</Descriptions.Item>
            <Descriptions.Item label="存放地点" span={2}>
              {a.location || EMPTY_TEXT}
            </Descriptions.Item>
          </Descriptions>
          <Timeline
            items={a.events.map((e) => ({
              color: e.action === 'scrap' ? 'red' : e.action === 'issue' ? 'blue' : e.action === 'repair' ? 'orange' : 'green',
              content: (
                <div className="asset-event">
                  <div>
                    <strong>{e.actionLabel}</strong>
                    {e.employeeName ? ` · ${e.employeeName}` : ''}
                    {e.day ? ` · ${formatDate(e.day)}` : ''}
                  </div>
                  {e.note && <div style={{ color: '#595959' }}>{e.note}</div>}
                  <div style={{ color: '#8c8c8c', fontSize: 12 }}>
                    {e.actorName ?? '系统'} 于 {formatDateTime(e.at)}
                  </div>
                </div>
              ),
            }))}
          />
        </Flex>
      )}
    </Drawer>
  );
}

/** 资产分类: add, rename, disable or enable; a category in use cannot be deleted. */
export function CategoriesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const categories = useAssetCategories();
  const invalidate = useInvalidateAssets();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<AssetCategoryView | null>(null);
  const add = useAction(() => assetCalls.saveCategory({ name: name.trim() }), { success: '已添加', invalidate, onSuccess: () => setName('') });
  const rename = useAction((v: { name: string }) => assetCalls.saveCategory({ id: renaming!.id, name: v.name }), { success: '已重命名', invalidate, onSuccess: () => setRenaming(null) });
  const toggle = useAction((c: AssetCategoryView) => assetCalls.setCategoryStatus(c.id, c.status === 1 ? 0 : 1), { success: '已更新', invalidate });
  const remove = useAction((c: AssetCategoryView) => assetCalls.removeCategory(c.id), { success: '已删除', invalidate });
  return (
    <Drawer title="资产分类" open={open} onClose={onClose} size={440} className="asset-categories-drawer">
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={20} placeholder="新分类名称，如 打印机" onPressEnter={() => name.trim() && void add.run()} />
        <Button type="primary" disabled={!name.trim()} loading={add.pending} onClick={() => void add.run()}>
          添加
        </Button>
      </Space.Compact>
      <List
        dataSource={categories.data ?? []}
        loading={categories.isFetching}
        locale={{ emptyText: <Empty description="暂无分类" /> }}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Button key="rename" type="link" size="small" onClick={() => setRenaming(c)}>
                重命名
              </Button>,
              <Button key="toggle" type="link" size="small" loading={toggle.pendingArgs?.[0] === c} onClick={() => void toggle.run(c)}>
                {c.status === 1 ? '停用' : '启用'}
              </Button>,
              <Button key="remove" type="link" size="small" danger disabled={c.assetCount > 0} title={c.assetCount > 0 ? '分类下有资产，不能删除' : undefined} onClick={() => confirmDelete(modal, () => remove.run(c), `删除分类「${c.name}」？`)}>
                删除
              </Button>,
            ]}
          >
            <Space>
              <span>{c.name}</span>
              {c.status !== 1 && <Tag>已停用</Tag>}
              <span style={{ color: '#8c8c8c' }}>{c.assetCount} 件</span>
            </Space>
          </List.Item>
        )}
      />
      <FormModal<{ name: string }> title="重命名分类" open={renaming !== null} onClose={() => setRenaming(null)} values={{ name: renaming?.name ?? '' }} onSubmit={(v) => rename.run(v)}>
        <Form.Item name="name" label="分类名称" rules={[{ required: true, whitespace: true, message: '请输入分类名称' }]}>
          <Input maxLength={20} />
        </Form.Item>
      </FormModal>
    </Drawer>
  );
}

/** 设置: whether unreturned assets block a resignation. */
export function AssetSettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { map } = usePermissions();
  const settings = useAssetSettings(open);
  const invalidate = useInvalidateAssets();
  const save = useAction(assetCalls.saveSettings, { success: '设置已保存', invalidate, onSuccess: onClose });
  return (
    <FormDrawer<{ blockQuit: boolean }> title="资产设置" open={open && settings.data !== undefined} onClose={onClose} values={settings.data} onSubmit={(v) => save.run({ blockQuit: v.blockQuit })} okDisabled={map[ASSET_EDIT] !== true} width={440}>
      <Form.Item name="blockQuit" label="有未归还资产时不能完成离职" valuePropName="checked" extra="开启后，员工名下还有已领用的资产时不能办理离职；关闭后仅提示。">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}
