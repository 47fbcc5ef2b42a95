import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon } from '../icons';
import { Modal, ModalCancelButton } from './Modal';

export interface WarningModalProps {
  title: string;
  children?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** A destructive action gets the red button. */
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function WarningModal({
  title,
  children,
  confirmText = 'Continue',
  cancelText = 'Cancel',
  danger,
  onConfirm,
  onClose,
}: WarningModalProps) {
  return (
    <Modal
      title={
        <>
          <span className="modal-title-icon warning" aria-hidden="true">
            <AlertIcon />
          </span>
          {title}
        </>
      }
      onClose={onClose}
      size="small"
      footer={
        <>
          <ModalCancelButton>{cancelText}</ModalCancelButton>
          <button
            type="button"
            className={danger ? 'button button-danger' : 'button button-primary'}
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmText}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

export interface SuccessModalProps {
  title: string;
  children?: ReactNode;
  buttonText?: string;
  /** Extra actions shown before the main button. */
  actions?: ReactNode;
  onClose: () => void;
}

export function SuccessModal({ title, children, buttonText = 'Done', actions, onClose }: SuccessModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="small"
      className="success-modal"
      footer={
        <>
          {actions}
          <button type="button" className="button button-primary" onClick={onClose}>
            {buttonText}
          </button>
        </>
      }
    >
      <div className="success-hero" aria-hidden="true">
        <span className="success-badge large">
          <CheckIcon />
        </span>
      </div>
      {children}
    </Modal>
  );
}

export interface SaveSuccessModalProps {
  title?: string;
  children?: ReactNode;
  /** Where to see the result (for example the program page). */
  viewHref?: string;
  viewText?: string;
  onClose: () => void;
}

/** Shown after a program or journey is saved. */
export function SaveSuccessModal({
  title = 'Your changes have been saved',
  children,
  viewHref,
  viewText = 'View',
  onClose,
}: SaveSuccessModalProps) {
  return (
    <SuccessModal
      title={title}
      onClose={onClose}
      actions={
        viewHref ? (
          <a className="button button-secondary" href={viewHref}>
            {viewText}
          </a>
        ) : undefined
      }
    >
      {children ?? <p>Everything is up to date.</p>}
    </SuccessModal>
  );
}

/** An embed address for YouTube, Vimeo and Loom links; other addresses are played as a video file. */
export function videoEmbedUrl(url: string): string | null {
  try {
    const u = new URL(url, 'https://example.invalid');
    const host = u.hostname.replace(/^www\./, '');
    if (host === 'youtube.com' || host === 'm.youtube.com') {
      if (u.pathname.startsWith('/embed/')) return u.href;
      const id = u.searchParams.get('v');
      return id ? `https://www.youtube.com/embed/${id}` : null;
    }
    if (host === 'youtu.be') return `https://www.youtube.com/embed${u.pathname}`;
    if (host === 'vimeo.com') return `https://player.vimeo.com/video${u.pathname}`;
    if (host === 'player.vimeo.com') return u.href;
    if (host === 'loom.com') return u.href.replace('/share/', '/embed/');
  } catch {
    return null;
  }
  return null;
}

export interface VideoModalProps {
  title: string;
  url: string;
  onClose: () => void;
}

export function VideoModal({ title, url, onClose }: VideoModalProps) {
  const embed = videoEmbedUrl(url);
  return (
    <Modal title={title} onClose={onClose} size="large" className="video-modal">
      <div className="video-frame">
        {embed ? (
          <iframe src={embed} title={title} allow="autoplay; fullscreen; picture-in-picture" allowFullScreen />
        ) : (
          <video src={url} controls autoPlay aria-label={title} />
        )}
      </div>
    </Modal>
  );
}
