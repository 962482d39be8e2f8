import { parseMarkdown, type MdBlock, type MdInline } from '@wfsaas/contracts';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';

/** An article body: the parsed Markdown tree as React elements, so no text of it is ever read as HTML. */

function Inline({ nodes }: { nodes: readonly MdInline[] }): ReactNode {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{n.v}</Fragment>;
      case 'br':
        return <br key={i} />;
      case 'code':
        return <code key={i}>{n.v}</code>;
      case 'strong':
        return (
          <strong key={i}>
            <Inline nodes={n.c} />
          </strong>
        );
      case 'em':
        return (
          <em key={i}>
            <Inline nodes={n.c} />
          </em>
        );
      case 'link':
        return n.href.startsWith('/') ? (
          <Link key={i} to={n.href}>
            <Inline nodes={n.c} />
          </Link>
        ) : (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer">
            <Inline nodes={n.c} />
          </a>
        );
    }
  });
}

function Block({ b }: { b: MdBlock }): ReactNode {
  switch (b.t) {
    case 'h': {
      const H = (['h2', 'h3', 'h4', 'h5'] as const)[b.level - 1]!;
      return (
        <H>
          <Inline nodes={b.c} />
        </H>
      );
    }
    case 'p':
      return (
        <p>
          <Inline nodes={b.c} />
        </p>
      );
    case 'quote':
      return (
        <blockquote>
          <Inline nodes={b.c} />
        </blockquote>
      );
    case 'code':
      return (
        <pre>
          <code>{b.v}</code>
        </pre>
      );
    case 'hr':
      return <hr />;
    case 'ul':
    case 'ol': {
      const L = b.t;
      return (
        <L>
          {b.items.map((item, i) => (
            <li key={i}>
              <Inline nodes={item} />
            </li>
          ))}
        </L>
      );
    }
  }
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={`help-markdown${className ? ` ${className}` : ''}`}>
      {blocks.map((b, i) => (
        <Block key={i} b={b} />
      ))}
    </div>
  );
}
