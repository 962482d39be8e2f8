import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { HELP_ARTICLE_STATUSES, HELP_LIMITS, type HelpArticleSave, type HelpColumnSave, type OpHelpArticleView, type OpHelpColumnView } from '@wfsaas/contracts';
import { App, Button, Col, Empty, Flex, Form, Input, Row, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { confirmDelete } from '../../../../app/ui/confirm-delete.ts';
import { formatDateTime } from '../../../../app/ui/format.ts';
import { FormDrawer, FormModal } from '../../../../app/ui/FormOverlay.tsx';
import { StatusTag } from '../../../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../../../app/ui/table.ts';
import { useAction } from '../../../../app/ui/use-action.ts';
import { useCopyArticleLink } from '../ArticleReader.tsx';
import { opHelpCalls, useInvalidateOpHelp, useOpHelpArticles, useOpHelpColumns, type OpArticleRow } from '../help.api.ts';
import { Markdown } from '../Markdown.tsx';

/** 平台运营 · 帮助中心: columns (order, enabled), articles (draft, publish, pin) and the Markdown editor with its preview. */

type EditorValues = Omit<HelpArticleSave, 'id'>;

function ColumnsPanel({ columns, onChanged }: { columns: OpHelpColumnView[]; onChanged: () => Promise<unknown> }) {
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<OpHelpColumnView | 'new' | null>(null);
  const save = useAction((v: HelpColumnSave) => opHelpCalls.saveColumn(v), { success: '保存成功', invalidate: onChanged, onSuccess: () => setEditing(null) });
  const toggle = useAction((c: OpHelpColumnView, enabled: boolean) => opHelpCalls.saveColumn({ id: c.id, name: c.name, enabled }), { invalidate: onChanged });
  const remove = useAction((id: number) => opHelpCalls.removeColumn(id), { success: '已删除', invalidate: onChanged });
  const move = useAction((ids: number[]) => opHelpCalls.reorderColumns(ids), { invalidate: onChanged });
  const swap = (i: number, j: number) => {
    const ids = columns.map((c) => c.id);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    void move.run(ids);
  };
  return (
    <div className="help-op-columns">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text strong>栏目</Typography.Text>
        <Button size="small" icon={<PlusOutlined />} className="help-op-column-add" onClick={() => setEditing('new')}>
          新增栏目
        </Button>
      </Flex>
      {columns.length === 0 ? (
        <Empty description="暂无栏目，点击新增栏目" />
      ) : (
        <Flex vertical gap={8}>
          {columns.map((c, i) => (
            <Flex key={c.id} align="center" justify="space-between" gap={8} className="help-op-column" style={{ padding: '8px 12px', border: '1px solid #f0f0f0', borderRadius: 6, background: c.enabled ? '#fff' : '#fafafa' }}>
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong={c.enabled} type={c.enabled ? undefined : 'secondary'}>
                  {c.name}
                </Typography.Text>
                <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{`${c.publishedCount} 篇已发布 / 共 ${c.articleCount} 篇`}</div>
              </div>
              <Space size={2}>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0 || move.pending} aria-label="上移" onClick={() => swap(i, i - 1)} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === columns.length - 1 || move.pending} aria-label="下移" onClick={() => swap(i, i + 1)} />
                <Switch size="small" checked={c.enabled} loading={toggle.pendingArgs?.[0] === c} onChange={(v) => void toggle.run(c, v)} />
                <Button size="small" type="link" onClick={() => setEditing(c)}>
                  编辑
                </Button>
                <Button size="small" type="link" danger onClick={() => confirmDelete(modal, () => remove.run(c.id), c.articleCount > 0 ? `栏目「${c.name}」下还有文章，请先移走或删除文章。` : `删除栏目「${c.name}」？`)}>
                  删除
                </Button>
              </Space>
            </Flex>
          ))}
        </Flex>
      )}
      <FormModal<HelpColumnSave>
        title={editing === 'new' ? '新增栏目' : '编辑栏目'}
        open={editing !== null}
        onClose={() => setEditing(null)}
        values={editing && editing !== 'new' ? { name: editing.name, enabled: editing.enabled } : { enabled: true }}
        onSubmit={(v) => save.run({ ...v, id: editing && editing !== 'new' ? editing.id : undefined })}
        okClassName="help-op-column-ok"
      >
        <Form.Item name="name" label="栏目名称" rules={[{ required: true, whitespace: true, message: '请填写栏目名称' }]}>
          <Input maxLength={HELP_LIMITS.columnName} showCount />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </div>
  );
}

function ArticleEditor({ article, columns, open, onClose, onSaved }: { article: OpHelpArticleView | null; columns: OpHelpColumnView[]; open: boolean; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const [form] = Form.useForm<EditorValues>();
  const body = Form.useWatch('body', form) ?? '';
  const save = useAction(
    async (v: EditorValues, publish: boolean) => {
      const saved = await opHelpCalls.saveArticle({ ...v, id: article?.id });
      return publish && saved.status === 0 ? opHelpCalls.publish(saved.id) : saved;
    },
    { success: (_r, _v, publish) => (publish ? '已发布' : '保存成功'), invalidate: onSaved, onSuccess: onClose },
  );
  const isDraft = !article || article.status === 0;
  return (
    <FormDrawer<EditorValues>
      title={article ? `编辑文章 · ${article.title}` : '写文章'}
      open={open}
      onClose={onClose}
      width={1180}
      form={form}
      className="help-op-editor"
      values={article ? { columnId: article.columnId, title: article.title, summary: article.summary, body: article.body, tags: article.tags } : { columnId: columns[0]?.id, tags: [], summary: '', body: '' }}
      onSubmit={(v) => save.run(v, false)}
      okText={isDraft ? '保存草稿' : '保存'}
      okClassName="help-op-save"
      footerExtra={
        isDraft && (
          <Button
            type="primary"
            ghost
            className="help-op-save-publish"
            loading={save.pending}
            onClick={() => void form.validateFields().then((v) => save.run(v, true), () => undefined)}
          >
            保存并发布
          </Button>
        )
      }
    >
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
            <Input maxLength={HELP_LIMITS.title} showCount placeholder="一句话说明这篇文章解决的问题" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="columnId" label="栏目" rules={[{ required: true, message: '请选择栏目' }]}>
            <Select options={columns.map((c) => ({ value: c.id, label: c.enabled ? c.name : `${c.name}（已停用）` }))} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="summary" label="摘要">
            <Input.TextArea maxLength={HELP_LIMITS.summary} showCount autoSize={{ minRows: 1, maxRows: 3 }} placeholder="显示在列表和搜索结果中" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="tags" label="标签" rules={[{ type: 'array', max: HELP_LIMITS.tags, message: `标签最多${HELP_LIMITS.tags}个` }]}>
            <Select mode="tags" tokenSeparators={[',', '，', ' ']} placeholder="输入后回车" maxTagTextLength={HELP_LIMITS.tag} open={false} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="body"
            label="正文（Markdown）"
            extra="支持 ## 标题、- 列表、1. 编号、> 引用、**加粗**、`代码` 和 [链接](https://…)；HTML 会按文字显示。"
            rules={[{ required: true, whitespace: true, message: '请填写正文' }]}
          >
            <Input.TextArea className="help-op-body" rows={22} maxLength={HELP_LIMITS.body} style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <div style={{ marginBottom: 8 }}>预览</div>
          <div className="help-op-preview" style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '8px 16px', height: 478, overflow: 'auto' }}>
            {body.trim() ? <Markdown source={body} /> : <Typography.Text type="secondary">在左侧输入正文，这里显示读者看到的样子。</Typography.Text>}
          </div>
        </Col>
      </Row>
    </FormDrawer>
  );
}

export default function HelpCentrePanel() {
  const { modal } = App.useApp();
  const columns = useOpHelpColumns();
  const [filter, setFilter] = useState<{ columnId?: number; status?: 0 | 1; keyword?: string }>({});
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const articles = useOpHelpArticles({ ...paging, ...filter });
  const invalidate = useInvalidateOpHelp();
  const [editing, setEditing] = useState<OpHelpArticleView | 'new' | null>(null);
  const copy = useCopyArticleLink();
  const openEditor = useAction((id: number) => opHelpCalls.article(id), { onSuccess: (a) => setEditing(a) });
  const publish = useAction((r: OpArticleRow, on: boolean) => (on ? opHelpCalls.publish(r.id) : opHelpCalls.unpublish(r.id)), { success: (_r, _row, on) => (on ? '已发布' : '已撤回为草稿'), invalidate });
  const pin = useAction((r: OpArticleRow) => opHelpCalls.pin(r.id, !r.pinned), { success: (a) => (a.pinned ? '已置顶' : '已取消置顶'), invalidate });
  const remove = useAction((id: number) => opHelpCalls.removeArticle(id), { success: '已删除', invalidate });
  const cols = columns.data ?? [];
  const refilter = (f: typeof filter) => {
    setFilter(f);
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };

  const tableColumns: TableColumnsType<OpArticleRow> = [
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (v: string, r) => (
        <Space size={4}>
          {r.pinned && <Tag color="red">置顶</Tag>}
          <span>{v}</span>
        </Space>
      ),
    },
    { title: '栏目', dataIndex: 'columnName', width: 110 },
    { title: '状态', dataIndex: 'status', width: 90, render: (v: number, r) => <StatusTag tone={v === 1 ? 'success' : 'pending'}>{r.statusLabel}</StatusTag> },
    { title: '阅读', dataIndex: 'viewCount', width: 70, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 280,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" loading={openEditor.pendingArgs?.[0] === r.id} onClick={() => void openEditor.run(r.id)}>
            编辑
          </Button>
          <Button type="link" size="small" className={r.status === 1 ? 'help-op-unpublish' : 'help-op-publish'} loading={publish.pendingArgs?.[0] === r} onClick={() => void publish.run(r, r.status !== 1)}>
            {r.status === 1 ? '撤回' : '发布'}
          </Button>
          <Button type="link" size="small" loading={pin.pendingArgs?.[0] === r} onClick={() => void pin.run(r)}>
            {r.pinned ? '取消置顶' : '置顶'}
          </Button>
          <Button type="link" size="small" disabled={r.status !== 1} onClick={() => void copy(r.id)}>
            复制链接
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(modal, () => remove.run(r.id), `删除文章「${r.title}」？`)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={24} className="help-centre-panel">
      <Col xs={24} lg={7}>
        <ColumnsPanel columns={cols} onChanged={invalidate} />
      </Col>
      <Col xs={24} lg={17}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" wrap gap={8}>
            <Space wrap>
              <Select allowClear placeholder="全部栏目" style={{ width: 150 }} value={filter.columnId} onChange={(v) => refilter({ ...filter, columnId: v })} options={cols.map((c) => ({ value: c.id, label: c.name }))} />
              <Select allowClear placeholder="全部状态" style={{ width: 120 }} value={filter.status} onChange={(v) => refilter({ ...filter, status: v })} options={HELP_ARTICLE_STATUSES.map((s) => ({ value: s.value, label: s.label }))} />
              <Input.Search allowClear placeholder="文章标题" style={{ width: 220 }} onSearch={(v) => refilter({ ...filter, keyword: v.trim() || undefined })} />
            </Space>
            <Button type="primary" icon={<PlusOutlined />} className="help-op-new" disabled={cols.length === 0} onClick={() => setEditing('new')}>
              写文章
            </Button>
          </Flex>
          <Table<OpArticleRow>
            rowKey="id"
            className="help-op-articles"
            size="middle"
            columns={tableColumns}
            dataSource={articles.data?.data ?? []}
            loading={articles.isFetching}
            scroll={{ x: 960 }}
            pagination={serverPagination(paging, articles.data?.pageMessage, setPaging)}
            locale={{ emptyText: '暂无文章，点击写文章' }}
          />
        </Flex>
      </Col>
      <ArticleEditor article={editing === 'new' ? null : editing} columns={cols} open={editing !== null} onClose={() => setEditing(null)} onSaved={invalidate} />
    </Row>
  );
}
