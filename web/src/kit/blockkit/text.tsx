import { Fragment, type ReactNode } from 'react';
import { formatDateToken } from '../dates';
import { emojiFor } from '../emoji';
import { Mrkdwn } from '../MrkdwnText';
import { isSafeUrl } from '../mrkdwn';
import type { Json, JsonObject } from './types';
import { useBlockContext } from './context';
import { isObject, plainText, str } from './values';

/** A Block Kit text object: mrkdwn through the shared renderer (mentions resolved to names), or plain text. */
export function TextObject({ text, className }: { text: Json | undefined; className?: string }) {
  const ctx = useBlockContext();
  if (!isObject(text)) return null;
  if (text.type === 'mrkdwn') {
    return (
      <Mrkdwn
        text={str(text.text) ?? ''}
        escaped
        linkify={text.verbatim !== true}
        userNames={ctx.userNames}
        channelNames={ctx.channelNames}
        timeZone={ctx.timeZone}
        now={ctx.now}
        className={['sbx-mrkdwn', className].filter(Boolean).join(' ')}
      />
    );
  }
  return <span className={['sbx-plain', className].filter(Boolean).join(' ')}>{plainText(text)}</span>;
}

type RichElement = JsonObject;

function styled(node: ReactNode, style: Json | undefined, key: number): ReactNode {
  if (!isObject(style)) return <Fragment key={key}>{node}</Fragment>;
  let out = node;
  if (style.code) out = <code className="mrkdwn-code">{out}</code>;
  if (style.strike) out = <s>{out}</s>;
  if (style.italic) out = <em>{out}</em>;
  if (style.bold) out = <strong>{out}</strong>;
  return <Fragment key={key}>{out}</Fragment>;
}

function RichInline({ elements }: { elements: readonly RichElement[] }) {
  const ctx = useBlockContext();
  return (
    <>
      {elements.map((el, i) => {
        switch (el.type) {
          case 'text':
            return styled(
              String(el.text ?? '')
                .split('\n')
                .flatMap((line, j) => (j === 0 ? [line] : [<br key={`br${j}`} />, line])),
              el.style,
              i,
            );
          case 'link': {
            const url = str(el.url) ?? '';
            const label = str(el.text) || url;
            return styled(
              isSafeUrl(url) ? (
                <a href={url} target="_blank" rel="noopener noreferrer" className="mrkdwn-link">
                  {label}
                </a>
              ) : (
                label
              ),
              el.style,
              i,
            );
          }
          case 'emoji':
            return (
              <span key={i} className="mrkdwn-emoji" role="img" aria-label={String(el.name ?? '').replace(/_/g, ' ')}>
                {str(el.unicode) ? String.fromCodePoint(...String(el.unicode).split('-').map((h) => parseInt(h, 16))) : (emojiFor(String(el.name)) ?? `:${String(el.name)}:`)}
              </span>
            );
          case 'user':
            return (
              <span key={i} className="mrkdwn-mention mrkdwn-user">
                @{ctx.userNames[String(el.user_id)] ?? String(el.user_id)}
              </span>
            );
          case 'channel':
            return (
              <span key={i} className="mrkdwn-mention mrkdwn-channel">
                #{ctx.channelNames[String(el.channel_id)] ?? String(el.channel_id)}
              </span>
            );
          case 'usergroup':
            return (
              <span key={i} className="mrkdwn-mention">
                @{String(el.usergroup_id)}
              </span>
            );
          case 'broadcast':
            return (
              <span key={i} className="mrkdwn-mention">
                @{String(el.range)}
              </span>
            );
          case 'date':
            return (
              <Fragment key={i}>
                {ctx.timeZone && str(el.format) ? formatDateToken(Number(el.timestamp), str(el.format)!, ctx.timeZone, ctx.now) : (str(el.fallback) ?? String(el.timestamp))}
              </Fragment>
            );
          default:
            return null;
        }
      })}
    </>
  );
}

const childrenOf = (el: RichElement): RichElement[] => (Array.isArray(el.elements) ? el.elements.filter(isObject) : []);

/** The rich_text block: sections, lists, quotes and preformatted text. */
export function RichText({ block }: { block: JsonObject }) {
  return (
    <div className="sbx-rich-text">
      {childrenOf(block).map((part, i) => {
        switch (part.type) {
          case 'rich_text_section':
            return (
              <p key={i} className="mrkdwn-p">
                <RichInline elements={childrenOf(part)} />
              </p>
            );
          case 'rich_text_preformatted':
            return (
              <pre key={i} className="mrkdwn-pre">
                <code>
                  <RichInline elements={childrenOf(part)} />
                </code>
              </pre>
            );
          case 'rich_text_quote':
            return (
              <blockquote key={i} className="mrkdwn-quote">
                <RichInline elements={childrenOf(part)} />
              </blockquote>
            );
          case 'rich_text_list': {
            const items = childrenOf(part).map((item, j) => (
              <li key={j}>
                <RichInline elements={childrenOf(item)} />
              </li>
            ));
            const indent = typeof part.indent === 'number' ? part.indent : 0;
            return part.style === 'ordered' ? (
              <ol key={i} className="mrkdwn-list" style={{ marginLeft: `${indent * 1.5}em` }}>
                {items}
              </ol>
            ) : (
              <ul key={i} className="mrkdwn-list" style={{ marginLeft: `${indent * 1.5}em` }}>
                {items}
              </ul>
            );
          }
          default:
            return null;
        }
      })}
    </div>
  );
}
