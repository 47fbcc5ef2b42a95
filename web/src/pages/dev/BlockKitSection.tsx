import { BlockKitPreview, RemoteBlockKitPreview } from '../../kit';
import { Specimen, State } from './Specimen';

const INTRO = {
  text: 'Time for a coffee chat',
  blocks: [
    { type: 'header', text: { type: 'plain_text', text: 'Time for a coffee chat ☕' } },
    { type: 'section', text: { type: 'mrkdwn', text: "Hi <@U1> and <@U2>! You've been introduced by *Hearth* in <#C1>." } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: 'Find 30 minutes this week.' }] },
    {
      type: 'actions',
      block_id: 'intro_actions',
      elements: [
        { type: 'button', action_id: 'met', style: 'primary', text: { type: 'plain_text', text: 'We met' } },
        { type: 'button', action_id: 'skip', text: { type: 'plain_text', text: 'Skip this round' } },
      ],
    },
  ],
};

const NAMES = { U1: 'Ada Lovelace', U2: 'Grace Hopper' };

/** BlockKitPreview: the server's own blocks, drawn as Slack draws them. */
export function BlockKitSection() {
  return (
    <Specimen id="blockkit" title="BlockKitPreview" use="Shows the message the server's builder sends, exactly, as Slack draws it.">
      <State label="Blocks" wide>
        <BlockKitPreview message={INTRO} userNames={NAMES} channelNames={{ C1: 'intros' }} label="Intro preview" />
      </State>
      <State label="Text only">
        <BlockKitPreview message={{ text: 'Happy birthday, *Ada*! :tada:' }} label="Text preview" />
      </State>
      <State label="Loading">
        <RemoteBlockKitPreview query={{ isPending: true, isError: false, refetch: () => undefined }} />
      </State>
      <State label="Failed">
        <RemoteBlockKitPreview query={{ isPending: false, isError: true, refetch: () => undefined }} />
      </State>
    </Specimen>
  );
}
