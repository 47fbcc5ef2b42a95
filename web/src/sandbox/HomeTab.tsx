import { HearthLogo, Spinner } from '../kit/icons';
import type { View } from './api';
import { Blocks } from '../kit/blockkit/Blocks';

export interface HomeTabProps {
  appName: string;
  view: View | null | undefined;
  opening: boolean;
  onOpenMessages(): void;
}

/** The app's Home tab, drawn from the view the app published for this member. */
export function HomeTab({ appName, view, opening, onOpenMessages }: HomeTabProps) {
  return (
    <section className="sbx-pane sbx-home" aria-label={`${appName} Home`}>
      <header className="sbx-pane-header sbx-home-header">
        <h2 className="sbx-pane-title">
          <HearthLogo className="sbx-home-logo" /> {appName}
        </h2>
        <div className="sbx-tabs" role="tablist" aria-label={`${appName} tabs`}>
          <button type="button" role="tab" aria-selected="true" className="sbx-tab is-selected">
            Home
          </button>
          <button type="button" role="tab" aria-selected="false" className="sbx-tab" onClick={onOpenMessages}>
            Messages
          </button>
        </div>
      </header>
      <div className="sbx-pane-scroll sbx-home-scroll">
        {view ? (
          <div className="sbx-home-view">
            <Blocks blocks={view.blocks} />
          </div>
        ) : (
          <p className="sbx-pane-empty" role="status">
            {opening ? (
              <>
                <Spinner /> Opening the Home tab…
              </>
            ) : (
              `${appName} has not published a Home tab for you yet.`
            )}
          </p>
        )}
      </div>
    </section>
  );
}
