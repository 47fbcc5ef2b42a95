import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Modal } from '../modal/Modal';
import { Select } from '../select/Select';
import type { SelectOption } from '../select/options';
import type { JsonObject, Raw } from './types';
import { useBlockContext } from './context';
import { TextObject } from './text';
import { initialRaw, isObject, optionsOf, plainText, str } from './values';

/**
 * Block Kit's interactive elements as Slack draws them. Outside input blocks a change is a block_actions at
 * once; inside a modal's input blocks it is kept for the submission (and sent too with dispatch_action).
 */

export interface ElementProps {
  element: JsonObject;
  blockId: string;
  /** Inside an input block: the value is the modal's, changes wait for submit (unless dispatch). */
  input?: { label: string; labelId: string; dispatch: boolean; inputId: string };
}

/** The element's value: the modal's entry for inputs, else remembered here (Slack keeps a pick client-side). */
function useValue(props: ElementProps): [Raw, (raw: Raw) => void] {
  const ctx = useBlockContext();
  const actionId = String(props.element.action_id);
  const [local, setLocal] = useState<Raw>(() => initialRaw(props.element));
  if (props.input && ctx.values && ctx.setValue) {
    const raw = ctx.values[props.blockId]?.[actionId] ?? null;
    return [
      raw,
      (next) => {
        ctx.setValue!(props.blockId, actionId, next);
        if (props.input!.dispatch) ctx.act(props.blockId, props.element, next);
      },
    ];
  }
  return [
    local,
    (next) => {
      setLocal(next);
      ctx.act(props.blockId, props.element, next);
    },
  ];
}

function ConfirmDialog({ confirm, onConfirm, onCancel }: { confirm: JsonObject; onConfirm: () => void; onCancel: () => void }) {
  const danger = confirm.style === 'danger';
  return (
    <Modal
      title={plainText(confirm.title) || 'Are you sure?'}
      onClose={onCancel}
      size="small"
      className="sbx-confirm"
      footer={
        <>
          <button type="button" className="sbx-btn" onClick={onCancel}>
            {plainText(confirm.deny) || 'Cancel'}
          </button>
          <button type="button" className={danger ? 'sbx-btn sbx-btn-danger' : 'sbx-btn sbx-btn-primary'} onClick={onConfirm}>
            {plainText(confirm.confirm) || 'Yes'}
          </button>
        </>
      }
    >
      <TextObject text={confirm.text} />
    </Modal>
  );
}

export function ButtonElement({ element, blockId }: ElementProps) {
  const ctx = useBlockContext();
  const [confirming, setConfirming] = useState(false);
  const style = str(element.style);
  const url = str(element.url);
  const run = () => {
    if (url) ctx.openUrl(url);
    ctx.act(blockId, element, null);
  };
  return (
    <>
      <button
        type="button"
        className={['sbx-btn', style === 'primary' && 'sbx-btn-primary', style === 'danger' && 'sbx-btn-danger'].filter(Boolean).join(' ')}
        disabled={ctx.busy}
        aria-label={str(element.accessibility_label)}
        onClick={() => (isObject(element.confirm) ? setConfirming(true) : run())}
      >
        {plainText(element.text)}
        {url && (
          <span className="sbx-btn-external" aria-hidden="true">
            ↗
          </span>
        )}
      </button>
      {confirming && isObject(element.confirm) && (
        <ConfirmDialog
          confirm={element.confirm}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            run();
          }}
        />
      )}
    </>
  );
}

/** The "⋮" menu: a button opening a list of options. */
export function OverflowElement({ element, blockId }: ElementProps) {
  const ctx = useBlockContext();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const options = optionsOf(element);
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(at + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(at - 1 + items.length) % items.length]?.focus();
    }
  };
  return (
    <span className="sbx-overflow">
      <button
        ref={buttonRef}
        type="button"
        className="sbx-btn sbx-btn-icon"
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={ctx.busy}
        onClick={() => setOpen((o) => !o)}
      >
        ⋮
      </button>
      {open && (
        <ul ref={menuRef} id={menuId} role="menu" className="sbx-menu" onKeyDown={onKey}>
          {options.map((o) => (
            <li key={String(o.value)} role="none">
              <button
                type="button"
                role="menuitem"
                className="sbx-menu-item"
                onClick={() => {
                  setOpen(false);
                  const url = str(o.url);
                  if (url) ctx.openUrl(url);
                  ctx.act(blockId, element, String(o.value));
                }}
              >
                {plainText(o.text)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}

const MULTI = new Set(['multi_static_select', 'multi_external_select', 'multi_users_select', 'multi_conversations_select', 'multi_channels_select']);

function selectOptions(element: JsonObject, ctx: ReturnType<typeof useBlockContext>): SelectOption[] {
  const type = String(element.type);
  if (type.includes('users')) {
    return ctx.members
      .filter((m) => !m.is_bot && !m.deleted)
      .map((m) => ({ value: m.id, label: m.real_name || m.name, email: m.title }));
  }
  if (type.includes('conversations') || type.includes('channels')) {
    return Object.entries(ctx.channelNames).map(([id, name]) => ({ value: id, label: `#${name}` }));
  }
  return optionsOf(element).map((o) => ({ value: String(o.value), label: plainText(o.text), ...(isObject(o.description) ? { email: plainText(o.description) } : {}) }));
}

/** static, user, conversation and channel selects, single or multiple, through the shared selector. */
export function SelectElement(props: ElementProps) {
  const ctx = useBlockContext();
  const { element } = props;
  const [raw, setRaw] = useValue(props);
  const multiple = MULTI.has(String(element.type));
  const options = selectOptions(element, ctx);
  const placeholder = plainText(element.placeholder) || (String(element.type).includes('users') ? 'Select a person' : 'Select an item');
  return (
    <Select
      className="sbx-select"
      options={options}
      value={raw}
      multiple={multiple}
      searchable={options.length > 7 || String(element.type).includes('users')}
      placeholder={placeholder}
      aria-label={props.input?.label ?? placeholder}
      disabled={ctx.busy && !props.input}
      id={props.input?.inputId}
      onChange={(values) => setRaw(multiple ? values : (values[0] ?? null))}
    />
  );
}

export function DateElement(props: ElementProps) {
  const [raw, setRaw] = useValue(props);
  const type = props.element.type === 'timepicker' ? 'time' : 'date';
  return (
    <input
      type={type}
      id={props.input?.inputId}
      className="sbx-input sbx-input-date"
      value={typeof raw === 'string' ? raw : ''}
      aria-label={props.input ? undefined : plainText(props.element.placeholder) || (type === 'time' ? 'Select a time' : 'Select a date')}
      aria-labelledby={props.input?.labelId}
      onChange={(e) => setRaw(e.target.value === '' ? null : e.target.value)}
    />
  );
}

export function TextInputElement(props: ElementProps) {
  const ctx = useBlockContext();
  const [raw, setRaw] = useValue(props);
  const { element } = props;
  const value = typeof raw === 'string' ? raw : '';
  const invalid = Boolean(ctx.errors?.[props.blockId]);
  const common = {
    id: props.input?.inputId,
    className: 'sbx-input',
    value,
    placeholder: plainText(element.placeholder),
    maxLength: typeof element.max_length === 'number' ? element.max_length : undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${props.input?.inputId}-error` : undefined,
  };
  if (element.multiline === true) return <textarea {...common} rows={4} onChange={(e) => setRaw(e.target.value)} />;
  const type = element.type === 'email_text_input' ? 'email' : element.type === 'url_text_input' ? 'url' : element.type === 'number_input' ? 'text' : 'text';
  return <input {...common} type={type} inputMode={element.type === 'number_input' ? 'decimal' : undefined} onChange={(e) => setRaw(e.target.value)} />;
}

export function ChoiceElement(props: ElementProps) {
  const [raw, setRaw] = useValue(props);
  const name = useId();
  const multiple = props.element.type === 'checkboxes';
  const chosen = Array.isArray(raw) ? raw : raw === null ? [] : [raw];
  return (
    <fieldset className="sbx-choices" aria-labelledby={props.input?.labelId}>
      {optionsOf(props.element).map((o) => {
        const value = String(o.value);
        return (
          <label key={value} className="sbx-choice">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={value}
              checked={chosen.includes(value)}
              onChange={(e) => {
                if (multiple) setRaw(e.target.checked ? [...chosen, value] : chosen.filter((v) => v !== value));
                else setRaw(value);
              }}
            />
            <span className="sbx-choice-text">
              <TextObject text={o.text} />
              {isObject(o.description) && <TextObject text={o.description} className="sbx-choice-description" />}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function ImageElement({ element }: { element: JsonObject }) {
  return <img className="sbx-accessory-image" src={str(element.image_url)} alt={str(element.alt_text) ?? ''} width={88} height={88} />;
}

/** Any element, by type. */
export function Element(props: ElementProps) {
  const type = String(props.element.type);
  switch (type) {
    case 'button':
      return <ButtonElement {...props} />;
    case 'overflow':
      return <OverflowElement {...props} />;
    case 'datepicker':
    case 'timepicker':
      return <DateElement {...props} />;
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'number_input':
      return <TextInputElement {...props} />;
    case 'checkboxes':
    case 'radio_buttons':
      return <ChoiceElement {...props} />;
    case 'image':
      return <ImageElement element={props.element} />;
    case 'workflow_button':
      return <ButtonElement {...props} />;
    default:
      if (type.endsWith('select')) return <SelectElement {...props} />;
      return <span className="sbx-unsupported">[{type}]</span>;
  }
}
