import { useState, type FormEvent, type KeyboardEvent } from 'react';

/**
 * What the sandbox's message boxes share (the composer and a thread's reply box): the draft, sending it once
 * (Enter without Shift, or the form's submit), and clearing it only when it went. `after` runs once it settled.
 */
export function useDraft(onSend: (text: string) => Promise<boolean>, after?: () => void) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    const value = text.trim();
    if (!value || sending) return;
    setSending(true);
    try {
      if (await onSend(value)) setText('');
    } finally {
      setSending(false);
      after?.();
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  return { text, setText, sending, onSubmit, onKeyDown };
}
