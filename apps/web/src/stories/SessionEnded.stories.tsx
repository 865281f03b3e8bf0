import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { SessionEnded } from '../layout/SessionEnded';
import { sessionEnd } from '../session/sessionEnd';
import { inChinese, textsOf, webStoryMeta, type WebStoryArgs } from './webStory';

const meta = {
  title: 'Web/Session ended',
  ...webStoryMeta,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<WebStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog as a tab with unsaved work shows it after the user logged out in another tab. */
function EndedOverUnsavedWork() {
  useEffect(() => {
    sessionEnd.setState({ pending: 'loggedOutElsewhere' });
    return () => sessionEnd.setState({ pending: null });
  }, []);
  return <SessionEnded />;
}

/** Logged out in another tab while this one held unsaved work: sign in again, or leave. */
export const LoggedOutElsewhere: Story = {
  args: { session: 'signedOut' },
  render: () => <EndedOverUnsavedWork />,
  play: async (context) => {
    const t = textsOf(context);
    const body = within(context.canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: t('session.endedTitle') });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(body.getByText(t('session.loggedOutElsewhere'))).toBeVisible();
    await expect(body.getByText(t('session.unsavedWork'))).toBeVisible();
    await expect(body.getByRole('button', { name: t('session.signInInNewTab') })).toBeVisible();
    await expect(body.getByRole('button', { name: t('session.leaveWithoutSaving') })).toBeVisible();
  },
};

export const LoggedOutElsewhereZh: Story = inChinese(LoggedOutElsewhere, 'Logged out elsewhere');
