import { useId } from 'react';
import type { JsonObject } from './types';
import { useBlockContext } from './context';
import { Element } from './elements';
import { RichText, TextObject } from './text';
import { isObject, plainText, str } from './values';
import './blockkit.css';

/** Block Kit blocks as Slack lays them out, for messages, modals and the Home tab. */

function Section({ block }: { block: JsonObject }) {
  const blockId = String(block.block_id);
  const accessory = isObject(block.accessory) ? block.accessory : undefined;
  const fields = Array.isArray(block.fields) ? block.fields.filter(isObject) : [];
  return (
    <div className="sbx-block sbx-section">
      <div className="sbx-section-main">
        {isObject(block.text) && <TextObject text={block.text} />}
        {fields.length > 0 && (
          <div className="sbx-fields">
            {fields.map((f, i) => (
              <TextObject key={i} text={f} className="sbx-field" />
            ))}
          </div>
        )}
      </div>
      {accessory && (
        <div className="sbx-accessory">
          <Element element={accessory} blockId={blockId} />
        </div>
      )}
    </div>
  );
}

function Context({ block }: { block: JsonObject }) {
  const elements = Array.isArray(block.elements) ? block.elements.filter(isObject) : [];
  return (
    <div className="sbx-block sbx-context">
      {elements.map((e, i) =>
        e.type === 'image' ? (
          <img key={i} className="sbx-context-image" src={str(e.image_url)} alt={str(e.alt_text) ?? ''} width={20} height={20} />
        ) : (
          <TextObject key={i} text={e} className="sbx-context-text" />
        ),
      )}
    </div>
  );
}

function Actions({ block }: { block: JsonObject }) {
  const blockId = String(block.block_id);
  const elements = Array.isArray(block.elements) ? block.elements.filter(isObject) : [];
  return (
    <div className="sbx-block sbx-actions" role="group" aria-label="Actions">
      {elements.map((e) => (
        <Element key={String(e.action_id)} element={e} blockId={blockId} />
      ))}
    </div>
  );
}

function ImageBlock({ block }: { block: JsonObject }) {
  return (
    <figure className="sbx-block sbx-image">
      {isObject(block.title) && <figcaption className="sbx-image-title">{plainText(block.title)}</figcaption>}
      <img src={str(block.image_url)} alt={str(block.alt_text) ?? ''} loading="lazy" />
    </figure>
  );
}

/** An input block: label, element, hint, and the error Slack shows under it in red. */
function Input({ block }: { block: JsonObject }) {
  const ctx = useBlockContext();
  const id = useId();
  const blockId = String(block.block_id);
  const element = isObject(block.element) ? block.element : undefined;
  const error = ctx.errors?.[blockId];
  const label = plainText(block.label);
  const labelId = `${id}-label`;
  const inputId = `${id}-input`;
  if (!element) return null;
  const labelFor = ['plain_text_input', 'email_text_input', 'url_text_input', 'number_input', 'datepicker', 'timepicker'].includes(String(element.type));
  return (
    <div className={error ? 'sbx-block sbx-input-block has-error' : 'sbx-block sbx-input-block'}>
      <label id={labelId} className="sbx-input-label" htmlFor={labelFor ? inputId : undefined}>
        {label}
        {block.optional === true && <span className="sbx-optional"> (optional)</span>}
      </label>
      <Element element={element} blockId={blockId} input={{ label, labelId, inputId, dispatch: block.dispatch_action === true }} />
      {error && (
        <p id={`${inputId}-error`} className="sbx-input-error" role="alert">
          {error}
        </p>
      )}
      {isObject(block.hint) && <p className="sbx-input-hint">{plainText(block.hint)}</p>}
    </div>
  );
}

export function Block({ block }: { block: JsonObject }) {
  switch (block.type) {
    case 'header':
      return <h3 className="sbx-block sbx-header">{plainText(block.text)}</h3>;
    case 'section':
      return <Section block={block} />;
    case 'divider':
      return <hr className="sbx-block sbx-divider" />;
    case 'context':
      return <Context block={block} />;
    case 'actions':
      return <Actions block={block} />;
    case 'image':
      return <ImageBlock block={block} />;
    case 'input':
      return <Input block={block} />;
    case 'rich_text':
      return <RichText block={block} />;
    case 'markdown':
      return <TextObject text={{ type: 'mrkdwn', text: str(block.text) ?? '' }} className="sbx-block" />;
    default:
      return <p className="sbx-block sbx-unsupported">This block ({String(block.type)}) is not shown in the sandbox.</p>;
  }
}

export function Blocks({ blocks }: { blocks: readonly JsonObject[] }) {
  return (
    <div className="sbx-blocks">
      {blocks.map((block, i) => (
        <Block key={`${String(block.block_id)}-${i}`} block={block} />
      ))}
    </div>
  );
}
