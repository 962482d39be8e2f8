import { CopyOutlined, CustomerServiceOutlined, DownloadOutlined, MessageOutlined, PhoneOutlined, PushpinOutlined, ReadOutlined } from '@ant-design/icons';
import { LEAD_DEFAULT_PLAN, leadPlanNumType, type HelpArticleListItem, type HelpColumnView, type HelpSearchHit } from '@wfsaas/contracts';
import { Badge, Button, Col, Empty, Flex, Input, List, Menu, Row, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCanOpen } from '../../../app/routing/PermissionContext.ts';
import { sessionStore } from '../../../app/session/storage.ts';
import { formatDate, totalText } from '../../../app/ui/format.ts';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { ArticleReader, Highlighted, useCopyArticleLink } from './ArticleReader.tsx';
import { useHelpArticles, useHelpColumns, useHelpSearch } from './help.api.ts';
import { parseArticleId, takeSavedArticleId } from './help-link.ts';
import { LeadFormModal } from '../leads/index.ts';

/**
 * /supportAndService: the support home — search the help centre, browse its columns and pinned
 * articles, read one in a drawer (`?articleId=`), and go on to 工单管理, 消息中心 or 下载中心.
 */

const PAGE_SIZE = 10;

const ENTRIES: { route: string; path: string; title: string; text: string; icon: ReactNode }[] = [
  { route: 'orderManagement', path: '/orderManagement', title: '工单管理', text: '提交问题工单，跟进处理进度', icon: <CustomerServiceOutlined /> },
  { route: 'messageCenter', path: '/messageCenter', title: '消息中心', text: '查看系统通知与业务提醒', icon: <MessageOutlined /> },
  { route: 'downloadCenter', path: '/downloadCenter', title: '下载中心', text: '获取导出的报表和文件', icon: <DownloadOutlined /> },
];

function EntryCard({ title, text, icon }: { title: string; text: string; icon: ReactNode }) {
  return (
    <Flex align="center" gap={16} style={{ background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: '18px 20px', height: '100%' }}>
      <span style={{ fontSize: 26, color: '#1677ff' }}>{icon}</span>
      <span style={{ textAlign: 'start' }}>
        <Typography.Text strong style={{ fontSize: 15 }}>
          {title}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary">{text}</Typography.Text>
      </span>
    </Flex>
  );
}

/** The screens the user may open, and 联系顾问 (a lead for the platform's advisers), which every member may ask. */
function EntryCards() {
  const canOpen = useCanOpen();
  const [consulting, setConsulting] = useState(false);
  const entries = ENTRIES.filter((e) => canOpen(e.route));
  const span = 24 / (entries.length + 1);
  return (
    <Row gutter={[16, 16]} className="support-entries">
      {entries.map((e) => (
        <Col key={e.route} xs={24} md={span}>
          <Link to={e.path} className={`support-entry support-entry-${e.route}`}>
            <EntryCard title={e.title} text={e.text} icon={e.icon} />
          </Link>
        </Col>
      ))}
      <Col xs={24} md={span}>
        <button type="button" className="support-entry support-entry-consult" onClick={() => setConsulting(true)} style={{ all: 'unset', cursor: 'pointer', display: 'block', height: '100%', width: '100%' }}>
          <EntryCard title="联系顾问" text="预约演示，咨询价格与开通方式" icon={<PhoneOutlined />} />
        </button>
      </Col>
      <LeadFormModal open={consulting} onClose={() => setConsulting(false)} planNumType={leadPlanNumType(LEAD_DEFAULT_PLAN)} title="联系顾问" />
    </Row>
  );
}

function ArticleRow({ a, onOpen, onCopy, extra }: { a: HelpArticleListItem; onOpen: (id: number) => void; onCopy: (id: number) => void; extra?: ReactNode }) {
  return (
    <List.Item
      className="help-article-row"
      actions={[
        <Button key="copy" type="link" size="small" icon={<CopyOutlined />} onClick={() => onCopy(a.id)}>
          复制链接
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={
          <Flex gap={8} align="center">
            {a.pinned && <Tag color="red">置顶</Tag>}
            <Typography.Link className="help-article-title" onClick={() => onOpen(a.id)}>
              {a.title}
            </Typography.Link>
          </Flex>
        }
        description={
          <>
            {extra ?? <Typography.Text type="secondary">{a.summary}</Typography.Text>}
            <div style={{ marginTop: 4, fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
              {a.columnName} · 更新于 {formatDate(a.updatedAt)} · 阅读 {a.viewCount}
            </div>
          </>
        }
      />
    </List.Item>
  );
}

function SearchResults({ keyword, onOpen, onCopy, onClear }: { keyword: string; onOpen: (id: number) => void; onCopy: (id: number) => void; onClear: () => void }) {
  const [pageNum, setPageNum] = useState(1);
  useEffect(() => setPageNum(1), [keyword]);
  const result = useHelpSearch(keyword, { pageNum, pageSize: PAGE_SIZE });
  const total = result.data?.pageMessage.total ?? 0;
  return (
    <Panel
      className="help-search-results"
      title={`“${keyword}”的搜索结果`}
      extra={
        <Button type="link" onClick={onClear}>
          返回帮助中心
        </Button>
      }
    >
      <List<HelpSearchHit>
        loading={result.isFetching}
        dataSource={result.data?.data ?? []}
        locale={{ emptyText: <Empty description="没有找到相关文章，换个关键词试试，或提交工单咨询" /> }}
        pagination={total > PAGE_SIZE ? { current: pageNum, pageSize: PAGE_SIZE, total, onChange: setPageNum, showTotal: totalText, showSizeChanger: false } : false}
        renderItem={(h) => (
          <List.Item
            className="help-search-hit"
            actions={[
              <Button key="copy" type="link" size="small" icon={<CopyOutlined />} onClick={() => onCopy(h.id)}>
                复制链接
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Typography.Link className="help-article-title" style={{ color: '#1677ff' }} onClick={() => onOpen(h.id)}>
                  <Highlighted segments={h.titleSegments} />
                </Typography.Link>
              }
              description={
                <>
                  <Typography.Text type="secondary">
                    <Highlighted segments={h.snippet} />
                  </Typography.Text>
                  <div style={{ marginTop: 4, fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>
                    {h.columnName} · 更新于 {formatDate(h.updatedAt)}
                  </div>
                </>
              }
            />
          </List.Item>
        )}
      />
      {!result.isFetching && total > 0 && <Typography.Text type="secondary">{`共找到 ${total} 篇文章`}</Typography.Text>}
    </Panel>
  );
}

function ColumnBrowser({ columns, onOpen, onCopy }: { columns: HelpColumnView[]; onOpen: (id: number) => void; onCopy: (id: number) => void }) {
  const [columnId, setColumnId] = useState<number | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const active = columnId ?? columns[0]?.id ?? null;
  const articles = useHelpArticles({ pageNum, pageSize: PAGE_SIZE, columnId: active ?? undefined }, active !== null);
  const total = articles.data?.pageMessage.total ?? 0;
  if (columns.length === 0) return <Panel title="帮助中心"><Empty description="暂无帮助文章" /></Panel>;
  return (
    <Panel title="帮助中心" className="help-columns" bodyStyle={{ padding: 0 }}>
      <Flex>
        <Menu
          mode="inline"
          className="help-column-menu"
          style={{ width: 200, flex: 'none', borderInlineEnd: '1px solid #f0f0f0', paddingTop: 8 }}
          selectedKeys={active !== null ? [String(active)] : []}
          onClick={({ key }) => {
            setColumnId(Number(key));
            setPageNum(1);
          }}
          items={columns.map((c) => ({
            key: String(c.id),
            icon: <ReadOutlined />,
            label: (
              <Flex justify="space-between" align="center">
                <span>{c.name}</span>
                <Badge count={c.articleCount} showZero color="#bfbfbf" size="small" />
              </Flex>
            ),
          }))}
        />
        <div style={{ flex: 1, minWidth: 0, padding: '8px 24px 16px' }}>
          <List<HelpArticleListItem>
            loading={articles.isFetching}
            dataSource={articles.data?.data ?? []}
            locale={{ emptyText: <Empty description="该栏目暂无文章" /> }}
            pagination={total > PAGE_SIZE ? { current: pageNum, pageSize: PAGE_SIZE, total, onChange: setPageNum, showTotal: totalText, showSizeChanger: false } : false}
            renderItem={(a) => <ArticleRow a={a} onOpen={onOpen} onCopy={onCopy} />}
          />
        </div>
      </Flex>
    </Panel>
  );
}

function PinnedArticles({ onOpen }: { onOpen: (id: number) => void }) {
  const pinned = useHelpArticles({ pageNum: 1, pageSize: 6, pinned: true });
  const list = pinned.data?.data ?? [];
  if (!pinned.isLoading && list.length === 0) return null;
  return (
    <Panel
      className="help-pinned"
      title={
        <span>
          <PushpinOutlined style={{ color: '#ff4d4f', marginRight: 8 }} />
          置顶文章
        </span>
      }
    >
      {pinned.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Row gutter={[16, 12]}>
          {list.map((a) => (
            <Col key={a.id} xs={24} md={12}>
              <Typography.Link className="help-pinned-title" onClick={() => onOpen(a.id)} ellipsis>
                {a.title}
              </Typography.Link>
              <Typography.Paragraph type="secondary" ellipsis style={{ margin: 0, fontSize: 13 }}>
                {a.summary}
              </Typography.Paragraph>
            </Col>
          ))}
        </Row>
      )}
    </Panel>
  );
}

export default function SupportHomePage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const articleId = parseArticleId(params.get('articleId'));
  const [draft, setDraft] = useState(keyword);
  const columns = useHelpColumns();
  const copy = useCopyArticleLink();

  const update = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace });
  };
  const open = (id: number) => update({ articleId: String(id) });
  const close = () => update({ articleId: null });

  // An article id saved at entry (a link opened before signing in) opens once; one in the URL is used as is.
  useEffect(() => {
    const saved = takeSavedArticleId(sessionStore());
    if (saved !== null && articleId === null) update({ articleId: String(saved) }, true);
    // once, at the first render
  }, []);
  useEffect(() => setDraft(keyword), [keyword]);

  return (
    <Flex vertical gap={16} className="support-home-page">
      <PageHeader title="支持与服务" description="查找产品使用说明，或通过工单联系我们。" />
      <div className="help-hero" style={{ borderRadius: 8, padding: '32px 24px', background: 'linear-gradient(120deg, #e6f4ff 0%, #f0f5ff 60%, #f9f0ff 100%)', textAlign: 'center' }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          您好，有什么可以帮您？
        </Typography.Title>
        <Input.Search
          className="help-search"
          size="large"
          allowClear
          enterButton="搜索"
          maxLength={50}
          placeholder="搜索帮助文章，如：续签、个税、发票"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() || null })}
          style={{ maxWidth: 640 }}
        />
      </div>
      <EntryCards />
      {keyword ? (
        <SearchResults keyword={keyword} onOpen={open} onCopy={(id) => void copy(id)} onClear={() => update({ keyword: null })} />
      ) : (
        <>
          <PinnedArticles onOpen={open} />
          {columns.isLoading ? (
            <Panel title="帮助中心">
              <Skeleton active paragraph={{ rows: 6 }} />
            </Panel>
          ) : (
            <ColumnBrowser columns={columns.data ?? []} onOpen={open} onCopy={(id) => void copy(id)} />
          )}
        </>
      )}
      <ArticleReader id={articleId} onClose={close} />
    </Flex>
  );
}
