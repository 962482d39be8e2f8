import { CopyOutlined, DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import type { HelpArticleView, HelpSegment } from '@wfsaas/contracts';
import { App, Button, Drawer, Empty, Flex, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../app/ui/format.ts';
import { useAction } from '../../../app/ui/use-action.ts';
import { helpCalls, useHelpArticle } from './help.api.ts';
import { articleLink } from './help-link.ts';
import { Markdown } from './Markdown.tsx';

/** Title or snippet text with the search's matches marked. */
export function Highlighted({ segments }: { segments: readonly HelpSegment[] }) {
  return segments.map((s, i) =>
    s.hit ? (
      <mark key={i} className="help-hit" style={{ background: '#fff1b8', padding: 0, color: 'inherit' }}>
        {s.text}
      </mark>
    ) : (
      <span key={i}>{s.text}</span>
    ),
  );
}

/** Copies an article's address; where the browser refuses, shows it to copy by hand. */
export function useCopyArticleLink() {
  const { message, modal } = App.useApp();
  return async (id: number) => {
    const link = articleLink(window.location.origin, id);
    try {
      await navigator.clipboard.writeText(link);
      message.success('链接已复制');
    } catch {
      modal.info({ title: '复制链接', content: <Typography.Paragraph copyable={{ text: link }}>{link}</Typography.Paragraph>, okText: '关闭' });
    }
  };
}

const MARKDOWN_CSS = `
.help-markdown { font-size: 15px; line-height: 1.8; color: rgba(0,0,0,0.85); word-break: break-word; }
.help-markdown h2, .help-markdown h3, .help-markdown h4, .help-markdown h5 { margin: 20px 0 8px; font-weight: 600; line-height: 1.4; }
.help-markdown h2 { font-size: 20px; } .help-markdown h3 { font-size: 17px; } .help-markdown h4, .help-markdown h5 { font-size: 15px; }
.help-markdown p { margin: 0 0 12px; }
.help-markdown ul, .help-markdown ol { margin: 0 0 12px; padding-left: 24px; }
.help-markdown blockquote { margin: 0 0 12px; padding: 8px 16px; background: #f6f8fa; border-left: 4px solid #1677ff; color: rgba(0,0,0,0.65); }
.help-markdown code { padding: 1px 4px; background: #f5f5f5; border-radius: 4px; font-size: 13px; }
.help-markdown pre { padding: 12px; background: #f5f5f5; border-radius: 6px; overflow: auto; }
.help-markdown pre code { padding: 0; background: none; }
.help-markdown hr { border: none; border-top: 1px solid #f0f0f0; margin: 16px 0; }
`;

function Feedback({ article }: { article: HelpArticleView }) {
  const [state, setState] = useState({ mine: article.myFeedback, helpful: article.helpfulCount, unhelpful: article.unhelpfulCount });
  const send = useAction((helpful: boolean) => helpCalls.feedback(article.id, helpful), {
    success: '感谢您的反馈',
    onSuccess: (r) => setState({ mine: r.myFeedback, helpful: r.helpfulCount, unhelpful: r.unhelpfulCount }),
  });
  return (
    <Flex vertical align="center" gap={12} className="help-feedback" style={{ marginTop: 32, padding: 20, background: '#fafafa', borderRadius: 8 }}>
      <Typography.Text>这篇文章对您有帮助吗？</Typography.Text>
      <Space>
        <Button icon={<LikeOutlined />} type={state.mine === true ? 'primary' : 'default'} loading={send.pendingArgs?.[0] === true} onClick={() => void send.run(true)}>
          有帮助 {state.helpful > 0 ? state.helpful : ''}
        </Button>
        <Button icon={<DislikeOutlined />} type={state.mine === false ? 'primary' : 'default'} loading={send.pendingArgs?.[0] === false} onClick={() => void send.run(false)}>
          没帮助 {state.unhelpful > 0 ? state.unhelpful : ''}
        </Button>
      </Space>
    </Flex>
  );
}

/** The article of `articleId`, in a drawer the URL opens and closes. */
export function ArticleReader({ id, onClose }: { id: number | null; onClose: () => void }) {
  const article = useHelpArticle(id);
  const copy = useCopyArticleLink();
  const a = article.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      className="help-reader"
      title={a ? a.title : '帮助文章'}
      extra={
        id !== null && (
          <Button icon={<CopyOutlined />} className="help-copy-link" onClick={() => void copy(id)}>
            复制链接
          </Button>
        )
      }
    >
      <style>{MARKDOWN_CSS}</style>
      {article.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : article.isError ? (
        <Result status="404" title="文章不存在或已下线" subTitle="该文章可能已被撤回，请在帮助中心搜索相关内容。" />
      ) : !a ? (
        <Empty />
      ) : (
        <article className="help-article">
          <Flex gap={8} wrap align="center" style={{ marginBottom: 16, color: 'rgba(0,0,0,0.45)' }}>
            <Tag color="blue">{a.columnName}</Tag>
            {a.tags.map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
            <span>更新于 {formatDateTime(a.updatedAt)}</span>
            <span>· 阅读 {a.viewCount}</span>
          </Flex>
          {a.summary && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 14, paddingBottom: 12, borderBottom: '1px solid #f0f0f0' }}>
              {a.summary}
            </Typography.Paragraph>
          )}
          <Markdown source={a.body} />
          <Feedback key={a.id} article={a} />
        </article>
      )}
    </Drawer>
  );
}
