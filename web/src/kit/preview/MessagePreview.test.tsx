import '../../test/setup';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Mrkdwn } from '../MrkdwnText';
import { MessagePreview } from './MessagePreview';

describe('Mrkdwn renderer', () => {
  test('renders formatting, links, mentions, emoji, code and quotes', () => {
    const { container } = render(
      <Mrkdwn
        text={'*Welcome* _aboard_ ~old~ `x` <@U1> <#C1> <!here> :tada:\n<https://hearth.dev|Docs>\n> quoted\n```block```\n- item'}
        userNames={{ U1: 'Ada' }}
        channelNames={{ C1: 'general' }}
      />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('Welcome');
    expect(container.querySelector('em')).toHaveTextContent('aboard');
    expect(container.querySelector('s')).toHaveTextContent('old');
    expect(container.querySelector('code.mrkdwn-code')).toHaveTextContent('x');
    expect(screen.getByText('@Ada')).toHaveClass('mrkdwn-user');
    expect(screen.getByText('#general')).toHaveClass('mrkdwn-channel');
    expect(screen.getByText('@here')).toHaveClass('mrkdwn-mention');
    expect(screen.getByRole('img', { name: 'tada' })).toHaveTextContent('🎉');
    const link = screen.getByRole('link', { name: 'Docs' });
    expect(link).toHaveAttribute('href', 'https://hearth.dev');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('pre')).toHaveTextContent('block');
    expect(container.querySelector('ul li')).toHaveTextContent('item');
  });

  test('textOnly renders plain text', () => {
    const { container } = render(<Mrkdwn text="*Hi* <@U1>" textOnly userNames={{ U1: 'Ada' }} />);
    expect(container.textContent).toBe('Hi @Ada');
    expect(container.querySelector('strong')).toBeNull();
  });

  test('excludeVariables shows {variables} as chips; linkify links bare addresses; escaped decodes', () => {
    const { container } = render(<Mrkdwn text="Hi {first_name} &amp; see https://a.io" excludeVariables linkify escaped />);
    expect(container.querySelector('.mrkdwn-variable')).toHaveTextContent('{first_name}');
    expect(screen.getByRole('link', { name: 'https://a.io' })).toBeInTheDocument();
    expect(container.textContent).toContain('Hi {first_name} & see');
  });

  test('html in the text is never markup', () => {
    const { container } = render(<Mrkdwn text="<img src=x onerror=alert(1)>" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('MessagePreview', () => {
  test('sender, stock avatar, body, accessory image and reactions', () => {
    render(
      <MessagePreview
        text="*Time for intros!* :wave:"
        accessoryImage="/img/banner.png"
        accessoryAlt="Banner"
        reacjiList={['tada', { name: 'heart', count: 3 }, 'custom_thing']}
      />,
    );
    const card = screen.getByRole('article', { name: 'Message preview from Hearth' });
    expect(within(card).getByText('Hearth')).toHaveClass('message-preview-sender');
    expect(card.querySelector('svg.avatar-default')).toHaveAttribute('data-avatar-version', '1');
    expect(within(card).getByText('Time for intros!').tagName).toBe('STRONG');
    expect(within(card).getByRole('img', { name: 'Banner' })).toHaveAttribute('src', '/img/banner.png');
    const reactions = within(card).getByRole('list', { name: 'Reactions' });
    expect(within(reactions).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['🎉1', '❤️3', ':custom_thing:1']);
  });

  test('avatarPath with version, hideName', () => {
    const { container, rerender } = render(<MessagePreview text="x" avatarPath="/a.png" avatarVersion={3} senderName="Coffee Bot" />);
    expect(container.querySelector('img.avatar')).toHaveAttribute('src', '/a.png?v=3');
    expect(screen.getByText('Coffee Bot')).toBeInTheDocument();
    rerender(<MessagePreview text="x" hideName />);
    expect(container.querySelector('.message-preview-sender')).toBeNull();
    expect(container.querySelector('.avatar')).toBeNull();
  });

  test('message style class and flags reach the body', () => {
    const { container } = render(<MessagePreview text="{name}_x_" messageStyle="compact" excludeVariables textOnly />);
    const body = container.querySelector('.message-preview-body')!;
    expect(body).toHaveClass('compact');
    expect(body.textContent).toBe('{name}x');
  });
});
