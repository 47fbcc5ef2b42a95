import { Fragment, useMemo, type ReactNode } from 'react';
import {
  isSafeUrl,
  mentionText,
  mrkdwnToPlainText,
  parseMrkdwn,
  templateParts,
  type MrkdwnBlock,
  type MrkdwnInline,
  type MrkdwnNames,
  type MrkdwnOptions,
} from './mrkdwn';
import { formatDateToken, type Instant } from './dates';

export interface MrkdwnRenderOptions extends MrkdwnNames {
  /** Links open here (default a new tab). */
  linkTarget?: string;
  /** The reader's zone: Slack's date tokens are shown in it (without one, their fallback text). */
  timeZone?: string;
  /** "Now" for the tokens' Today / Tomorrow (the sandbox clock); default the real time. */
  now?: Instant;
}

/** React for inline nodes. Exported for the sandbox's Slack and Block Kit renderer. */
export function renderMrkdwnInline(nodes: readonly MrkdwnInline[], options: MrkdwnRenderOptions = {}): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.text}</Fragment>;
      case 'linebreak':
        return <br key={key} />;
      case 'bold':
        return <strong key={key}>{renderMrkdwnInline(node.children, options)}</strong>;
      case 'italic':
        return <em key={key}>{renderMrkdwnInline(node.children, options)}</em>;
      case 'strike':
        return <s key={key}>{renderMrkdwnInline(node.children, options)}</s>;
      case 'code':
        return (
          <code key={key} className="mrkdwn-code">
            {node.text}
          </code>
        );
      case 'link': {
        const children = renderMrkdwnInline(node.children, options);
        if (!isSafeUrl(node.url)) return <Fragment key={key}>{children}</Fragment>;
        const target = options.linkTarget ?? '_blank';
        return (
          <a key={key} href={node.url} target={target} rel={target === '_blank' ? 'noopener noreferrer' : undefined} className="mrkdwn-link">
            {children}
          </a>
        );
      }
      case 'user':
      case 'channel':
      case 'usergroup':
      case 'broadcast':
        return (
          <span key={key} className={`mrkdwn-mention mrkdwn-${node.type}`}>
            {mentionText(node, options)}
          </span>
        );
      case 'date': {
        const text = options.timeZone && node.seconds !== undefined && node.format ? formatDateToken(node.seconds, node.format, options.timeZone, options.now) : node.text;
        return node.link ? (
          <a key={key} href={node.link} target="_blank" rel="noopener noreferrer" className="mrkdwn-link mrkdwn-date">
            {text}
          </a>
        ) : (
          <time key={key} className="mrkdwn-date" dateTime={node.seconds !== undefined ? new Date(node.seconds * 1000).toISOString() : undefined} title={node.text}>
            {text}
          </time>
        );
      }
      case 'emoji':
        return node.unicode ? (
          <span key={key} className="mrkdwn-emoji" role="img" aria-label={node.name.replace(/_/g, ' ')}>
            {node.unicode}
          </span>
        ) : (
          <Fragment key={key}>{`:${node.name}:`}</Fragment>
        );
      case 'variable':
        return (
          <span key={key} className="mrkdwn-variable">
            {`{${node.name}}`}
          </span>
        );
    }
  });
}

/** React for a parsed message. */
export function renderMrkdwn(blocks: readonly MrkdwnBlock[], options: MrkdwnRenderOptions = {}): ReactNode[] {
  return blocks.map((block, key) => {
    switch (block.type) {
      case 'paragraph':
        return (
          <p key={key} className="mrkdwn-p">
            {renderMrkdwnInline(block.children, options)}
          </p>
        );
      case 'code_block':
        return (
          <pre key={key} className="mrkdwn-pre">
            <code>{block.text}</code>
          </pre>
        );
      case 'quote':
        return (
          <blockquote key={key} className="mrkdwn-quote">
            {renderMrkdwn(block.children, options)}
          </blockquote>
        );
      case 'list': {
        const items = block.items.map((item, i) => <li key={i}>{renderMrkdwnInline(item, options)}</li>);
        return block.ordered ? (
          <ol key={key} className="mrkdwn-list" start={block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key} className="mrkdwn-list">
            {items}
          </ul>
        );
      }
    }
  });
}

export interface MrkdwnProps extends MrkdwnOptions, MrkdwnRenderOptions {
  text: string;
  /** No formatting: the message as plain text. */
  textOnly?: boolean;
  className?: string;
}

/** A Slack message body rendered from mrkdwn. */
export function Mrkdwn({ text, textOnly, className, escaped, excludeVariables, linkify, ...render }: MrkdwnProps) {
  const blocks = useMemo(
    () => parseMrkdwn(text, { escaped, excludeVariables, linkify }),
    [text, escaped, excludeVariables, linkify],
  );
  const classes = ['mrkdwn', textOnly && 'mrkdwn-text-only', className].filter(Boolean).join(' ');
  if (textOnly) return <div className={classes}>{mrkdwnToPlainText(blocks, render)}</div>;
  return <div className={classes}>{renderMrkdwn(blocks, render)}</div>;
}

/**
 * A template's title before it is sent to anyone ("Plan {first_name}'s first week"): each placeholder as a chip
 * that says in words what it will be filled with ("Plan [first name]'s first week"), never the raw {first_name}.
 */
export function TemplateText({ text }: { text: string }) {
  return (
    <>
      {templateParts(text).map((part, key) =>
        'text' in part ? (
          <Fragment key={key}>{part.text}</Fragment>
        ) : (
          <span key={key} className="mrkdwn-variable" title={`Filled in with each person's ${part.placeholder}`}>
            {part.placeholder}
          </span>
        ),
      )}
    </>
  );
}
