import { errorText } from '../../api/client';
import { InlineError, Modal, ModalCancelButton, Spinner } from '../../kit';
import { useSandboxHrisLink, type LinkTokenJson } from './integrationsApi';

/** Merge Link's global (https://cdn.merge.dev/initialize.js). */
interface MergeLinkGlobal {
  initialize(config: { linkToken: string; onSuccess: (publicToken: string) => void; onReady?: () => void; onExit?: () => void }): void;
  openLink(): void;
}
declare global {
  interface Window {
    MergeLink?: MergeLinkGlobal;
  }
}

function loadScript(src: string): Promise<void> {
  if (document.querySelector(`script[src="${src}"]`)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The HR system’s link dialog could not be loaded. Try again?'));
    document.head.appendChild(script);
  });
}

/** Opens Merge Link with the link token; resolves with the public token, or null if the person closed it. */
export async function openMergeLink(link: LinkTokenJson & { link: { kind: 'merge' } }): Promise<string | null> {
  await loadScript(link.link.script_url);
  const merge = window.MergeLink;
  if (!merge) throw new Error('The HR system’s link dialog could not be loaded. Try again?');
  return new Promise((resolve) => merge.initialize({ linkToken: link.link_token, onSuccess: resolve, onReady: () => merge.openLink(), onExit: () => resolve(null) }));
}

/**
 * The sandbox's stand-in for Merge Link: pick the sandbox HR system and "sign in"; the stand-in answers a
 * public token, as Merge Link's dialog does.
 */
export function SandboxLinkDialog({ linkToken, onLinked, onClose }: { linkToken: string; onLinked: (publicToken: string) => void; onClose: () => void }) {
  const link = useSandboxHrisLink();
  const busy = link.isPending || link.isSuccess;
  const connect = () => link.mutate(linkToken, { onSuccess: onLinked });
  return (
    <Modal
      title="Connect your HR system"
      onClose={onClose}
      size="small"
      footer={
        <>
          <ModalCancelButton />
          <button type="button" className="button button-primary" disabled={busy} onClick={connect}>
            {busy && <Spinner title="" />} Connect Sandbox HR
          </button>
        </>
      }
    >
      <p>
        <strong>Sandbox HR</strong> stands in for your HR system (BambooHR, Workday, HiBob…) while Hearth runs offline. It holds a handful of
        employees, some of them in this workspace and two who start soon.
      </p>
      {link.isError && <InlineError variant="text">{errorText(link.error)}</InlineError>}
    </Modal>
  );
}
