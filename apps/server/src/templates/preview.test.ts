import { PATHS, type TemplatePreview, type TemplatePreviewTicket } from '@esign/platform';
import type { TemplateProject } from '@esign/template-editor/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingKey } from '../auth/tokens';
import { keyedHash } from '../keyed-hash';
import { withQuery } from '../test-support/account';
import { BACKENDS, call, useTestServer } from '../test-support/server';
import { TWO_PARTIES, demoAuthor, type TemplateClient } from '../test-support/templates';

describe.each(BACKENDS)('template previews on $name', (backend) => {
  const server = useTestServer(backend);
  let admin: TemplateClient;
  let templateId: string;

  beforeAll(async () => {
    const author = await demoAuthor(server);
    admin = author.admin;
    templateId = await author.newTemplate('Previewed');
  });

  /** Opens a preview without a session, as the public page does. */
  const open = (ticket: string, lang: 'en' | 'zh' = 'en') =>
    call<TemplatePreview<TemplateProject>>(
      server.base,
      'GET',
      withQuery(PATHS.templatePreview, { ticket }),
      { headers: { Lang: lang } },
    );

  const issue = async () => {
    const issued = await admin.post<TemplatePreviewTicket>('templatePreviewTicket', {
      id: templateId,
    });
    expect(issued.status).toBe(200);
    return issued.body.data;
  };

  it('opens a preview once from a ticket, without a session, with a link to its PDF', async () => {
    const ticket = await issue();
    expect(ticket.templateId).toBe(templateId);
    expect(ticket.previewPath).toBe(
      `/ztj/template/Preview?id=${ticket.ticket}&templateId=${templateId}`,
    );
    const expiresIn = Date.parse(ticket.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    const preview = await open(ticket.ticket);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      templateId,
      name: 'Previewed',
      participants: TWO_PARTIES,
    });
    expect(preview.body.data.project.pages).toHaveLength(1);
    const pdf = await fetch(`${server.base}${preview.body.data.pdfLink}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Date.parse(preview.body.data.pdfLinkExpiresAt) - Date.now()).toBeLessThanOrEqual(
      300_000,
    );

    const reused = await open(ticket.ticket);
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe(
      'This preview link has already been used; please open the preview again',
    );
    expect((await open(ticket.ticket, 'zh')).body.msg).toBe('预览链接已被使用，请重新打开预览');
  });

  it('refuses an expired ticket and a forged one, in the request’s language', async () => {
    const ticket = await issue();
    await server.database.query(
      "UPDATE template_preview_tickets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL",
    );
    const expired = await open(ticket.ticket);
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe('This preview link has expired; please open the preview again');
    expect((await open(ticket.ticket, 'zh')).body.msg).toBe('预览链接已过期，请重新打开预览');

    for (const forged of ['forged-ticket', `${(await issue()).ticket}x`]) {
      const refused = await open(forged);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('This preview link is not valid');
      expect((await open(forged, 'zh')).body.msg).toBe('预览链接无效');
    }
    expect((await open('x'.repeat(201))).status).toBe(400);
  });

  it('serves the PDF only through an unaltered, unexpired link', async () => {
    const preview = await open((await issue()).ticket);
    const link = new URL(`${server.base}${preview.body.data.pdfLink}`);
    const altered = new URL(link);
    altered.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    const refused = await fetch(altered, { headers: { Lang: 'zh' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ msg: '预览链接无效' });
    const otherDocument = new URL(link);
    otherDocument.searchParams.set('document', '00000000-0000-4000-8000-000000000000');
    expect((await fetch(otherDocument)).status).toBe(400);
    expect((await fetch(`${server.base}/api${PATHS.templatePdf}`)).status).toBe(400);

    // A link signed by the server but past its time.
    const key = await signingKey(server.database);
    const past = Math.floor(Date.now() / 1000) - 1;
    const stale = new URL(link);
    stale.searchParams.set('expires', String(past));
    stale.searchParams.set(
      'signature',
      keyedHash(
        key,
        'template-pdf-link',
        link.searchParams.get('tenant')!,
        link.searchParams.get('document')!,
        String(past),
      ),
    );
    const expired = await fetch(stale);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({
      msg: 'This preview link has expired; please open the preview again',
    });
  });

  it('issues tickets only for templates the member may see', async () => {
    expect((await admin.post('templatePreviewTicket', { id: 987654 })).status).toBe(404);
    const anonymous = await call(server.base, 'POST', PATHS.templatePreviewTicket, {
      body: { id: templateId },
    });
    expect(anonymous.status).toBe(401);
  });
});
