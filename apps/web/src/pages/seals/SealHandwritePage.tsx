import { message as platformMessage } from '@esign/platform';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { base64Of, sealQueries, submitHandwriting } from '../../api/seals';
import { localeOf } from '../../i18n/locale';
import { StandalonePage } from '../../routes/Root';
import { SignaturePad } from './SignaturePad';
import './seals.css';

// A phone held upright leaves a short, narrow pad: the page suggests turning it.
const NARROW_PORTRAIT = '(orientation: portrait) and (max-width: 600px)';

function subscribeToResize(changed: () => void) {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
}

/** The pad's height for this screen: most of a landscape phone, half of an upright one. */
function usePadHeight(): number {
  const innerHeight = useSyncExternalStore(subscribeToResize, () => window.innerHeight);
  return Math.round(Math.min(Math.max(innerHeight * 0.5, 180), 420));
}

function useNarrowPortrait(): boolean {
  return useSyncExternalStore(subscribeToResize, () => window.matchMedia(NARROW_PORTRAIT).matches);
}

/** An expired, used or unknown ticket: the server's words and what to do next. */
function TicketRefused({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Result status="warning" title={text} subTitle={t('sealsPage.handwrite.refreshOnComputer')} />
  );
}

/**
 * /seal-handwrite?ticket=…: the page a desktop's QR code opens on a phone, without logging in (the
 * one-time ticket is the right). It names whose signature is drawn, offers a pad as wide as the
 * phone with Undo and Clear, and sends the drawing once; an expired or used ticket says so in the
 * server's words and sends the person back to the computer for a new code.
 */
export default function SealHandwritePage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n);
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const info = useQuery({ ...sealQueries.ticketInfo(ticket), enabled: ticket !== '' });
  const [drawing, setDrawing] = useState<Blob | null>(null);
  const padHeight = usePadHeight();
  const narrowPortrait = useNarrowPortrait();
  const submit = useMutation({
    mutationFn: async (picture: Blob) =>
      submitHandwriting({ ticket, image: await base64Of(picture) }),
  });

  let content;
  if (submit.isSuccess) {
    content = <Result status="success" title={t('sealsPage.handwrite.done')} />;
  } else if (ticket === '') {
    content = <TicketRefused text={platformMessage('sealQrExpired', locale)} />;
  } else if (info.isPending) {
    content = <Spin size="large" />;
  } else if (info.isError) {
    content = <TicketRefused text={info.error.message} />;
  } else if (submit.isError) {
    content = <TicketRefused text={submit.error.message} />;
  } else {
    content = (
      <>
        <p>{t('sealsPage.handwrite.intro', { name: info.data.name })}</p>
        {narrowPortrait ? (
          <Alert type="info" showIcon title={t('sealsPage.handwrite.landscape')} />
        ) : null}
        <SignaturePad onChange={setDrawing} height={padHeight} />
        <Button
          type="primary"
          size="large"
          block
          disabled={drawing === null}
          loading={submit.isPending}
          onClick={() => drawing && submit.mutate(drawing)}
        >
          {t('sealsPage.handwrite.submit')}
        </Button>
      </>
    );
  }
  return (
    <StandalonePage>
      <div className="seal-handwrite">
        <h1 className="seal-handwrite-title">{t('routes.sealHandwrite')}</h1>
        {content}
      </div>
    </StandalonePage>
  );
}
